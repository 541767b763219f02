/**
 * Error messages go to stderr as one line: some carry a snippet of the input (JSON.parse quotes the text around
 * the error), and a raw newline from it would split the message.
 */
export function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
