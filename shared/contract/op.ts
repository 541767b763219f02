/** One unary operation: what the caller sends and what comes back on success. */
export interface Op<TRequest, TResponse> {
  request: TRequest;
  response: TResponse;
}

/** One streaming operation: the request, each data event, and the value carried by `end`. */
export interface StreamOp<TRequest, TData, TEnd> {
  request: TRequest;
  data: TData;
  end: TEnd;
}
