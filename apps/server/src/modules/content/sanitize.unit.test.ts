import { describe, expect, it } from "vitest";
import { EXCERPT_LENGTH, excerptOf, htmlToText, isSafeLink, sanitizeBlogHtml } from "./sanitize";

describe("sanitizeBlogHtml", () => {
  it("keeps the structure a post needs", () => {
    const html =
      "<h2>Title</h2><p>Some <strong>bold</strong> and <em>soft</em> words.</p><ul><li>one</li></ul><ol><li>two</li></ol>" +
      '<blockquote>quoted</blockquote><p><a href="https://example.com/x">link</a> <a href="/product/3">shop</a> <a href="mailto:a@b.in">mail</a></p>' +
      '<img src="/media/blog/1.webp" alt="Printer at work">';
    expect(sanitizeBlogHtml(html)).toBe(html.replace('alt="Printer at work">', 'alt="Printer at work" />'));
  });

  it("drops scripts and styles with their content", () => {
    const clean = sanitizeBlogHtml(
      '<p>Hi</p><script>alert("x")</script><style>p { color: red }</style><SCRIPT src="//evil.js"></SCRIPT>',
    );
    expect(clean).toBe("<p>Hi</p>");
  });

  it("drops event handlers, inline styles and unknown attributes", () => {
    const clean = sanitizeBlogHtml(
      '<img src="/a.webp" onerror="alert(1)" style="x"><p onclick="steal()" class="c" id="i">text</p>',
    );
    expect(clean).toBe('<img src="/a.webp" /><p>text</p>');
    expect(clean).not.toMatch(/onerror|onclick|style|class/);
  });

  it("removes javascript:, data: and protocol-relative URLs, however they are spelt", () => {
    const clean = sanitizeBlogHtml(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="jav&#x09;ascript:alert(1)">c</a>' +
        '<a href="&#106;avascript:alert(1)">d</a><img src="data:image/svg+xml,<svg onload=alert(1)>"><a href="//evil.example">e</a>',
    );
    expect(clean).not.toMatch(/javascript|data:|evil/i);
    expect(clean).toBe("<a>a</a><a>b</a><a>c</a><a>d</a><img /><a>e</a>");
  });

  it("drops iframes, forms, objects and svg", () => {
    expect(
      sanitizeBlogHtml(
        '<iframe src="https://x"></iframe><form action="/x"><input></form><object data="x"></object><svg onload="x()"></svg>ok',
      ),
    ).toBe("ok");
  });
});

describe("excerptOf", () => {
  it("leaves headings out of the card text", () => {
    expect(excerptOf("<h2>A palette from plants</h2><p>Before synthetic dyes, colour came from plants.</p>")).toBe(
      "Before synthetic dyes, colour came from plants.",
    );
  });

  it("is the post's plain text, blocks separated, entities decoded", () => {
    expect(htmlToText("<h2>Dabu</h2><p>Mud &amp; indigo &lt;3</p><ul><li>one</li><li>two</li></ul>")).toBe(
      "Dabu Mud & indigo <3 one two",
    );
  });

  it("keeps short posts whole and cuts long ones at a word boundary near the limit", () => {
    expect(excerptOf("<p>Short post.</p>")).toBe("Short post.");
    const long = `<p>${"handmade block print ".repeat(30)}</p>`;
    const excerpt = excerptOf(long);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);
    expect(excerpt.length).toBeGreaterThan(EXCERPT_LENGTH - 20);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(long).toContain(excerpt.slice(0, -1).trim());
  });
});

describe("isSafeLink", () => {
  it.each(["/women/dresses", "/product/12", "https://shop.example/x", "http://example.com"])("accepts %s", (url) => {
    expect(isSafeLink(url)).toBe(true);
  });
  it.each([
    "javascript:alert(1)",
    "data:text/html,x",
    "//evil.example",
    "/\\evil.example",
    "mailto:x@y.z",
    "not a url",
    "",
  ])("refuses %s", (url) => {
    expect(isSafeLink(url)).toBe(false);
  });
});
