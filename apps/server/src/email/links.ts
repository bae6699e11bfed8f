/**
 * Links in an e-mail that a mail client cannot open: an href or src that is not an absolute address
 * (http(s), mailto, tel, or a merge tag filled in when sent), and a path standing alone in the text
 * ("/admin/orders/1"). Every link we send is absolute, made from PUBLIC_URL (decision 076).
 */
export function relativeLinks(message: { text: string; html?: string | null }): string[] {
  const absolute = /^(https?:|mailto:|tel:|\{\{)/;
  const inHtml = [...(message.html ?? "").matchAll(/\b(?:href|src)="([^"]*)"/g)]
    .map((match) => match[1] ?? "")
    .filter((link) => !absolute.test(link));
  // A path in the text: a slash and a word, not inside an address (after "//", a host or another word).
  const inText = [...message.text.matchAll(/(?<![\w.:/}-])\/[a-z][\w/?=&.-]*/gi)].map((match) => match[0]);
  return [...inHtml, ...inText];
}
