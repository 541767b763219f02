/**
 * How a `{{name}}` reference is spelled, for every reader of it: a name of letters, digits, `_`, `.`
 * and `-` (at most 64), inner spaces allowed; `$` starts a dynamic variable ({{$uuid}}), filled per
 * occurrence rather than from an environment. Group 1 is the name.
 */
export const referenceSource = String.raw`\{\{\s*(\$?[A-Za-z_][A-Za-z0-9_.-]{0,63})\s*\}\}`;
