/** RFC 5987's attr-char leaves out ' ( ) *, which encodeURIComponent keeps. */
const encodeExtValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 6266: a download named `filename`, with an ASCII fallback plus the exact UTF-8 name. */
export const contentDisposition = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeExtValue(filename)}`;
