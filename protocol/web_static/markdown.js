// A small Markdown reader for the player rules (headings, paragraphs, lists, tables, code, bold, italics, links).
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function inline(s) {
  return esc(s)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, text, href) =>
      /^(https?:|#|\/)/.test(href) ? `<a href="${href}">${text}</a>` : text);
}

/** HTML for Markdown `text`; every character of the input is escaped first, so the rules cannot inject markup. */
export function markdown(text) {
  const out = [];
  let list = null, para = [], table = null, code = null;
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(" "))}</p>`);
    para = [];
    if (list) out.push(`</${list}>`);
    list = null;
    if (table) out.push("</table>");
    table = null;
  };
  for (const line of text.split("\n")) {
    if (code !== null) {
      if (line.startsWith("```")) { out.push(`<pre>${esc(code.join("\n"))}</pre>`); code = null; }
      else code.push(line);
      continue;
    }
    if (line.startsWith("```")) { flush(); code = []; continue; }
    const h = line.match(/^(#{1,6})\s+(.*)/);
    const li = line.match(/^\s*(?:[-*]|(\d+)\.)\s+(.*)/);
    if (h) { flush(); out.push(`<h${h[1].length + 1}>${inline(h[2])}</h${h[1].length + 1}>`); }
    else if (/^\s*\|/.test(line)) {
      if (!table) { flush(); table = true; out.push("<table>"); }
      if (/^\s*\|[\s:|-]+\|\s*$/.test(line)) continue;
      const cells = line.trim().replace(/^\||\|$/g, "").split("|").map((c) => `<td>${inline(c.trim())}</td>`);
      out.push(`<tr>${cells.join("")}</tr>`);
    } else if (li) {
      const kind = li[1] ? "ol" : "ul";
      if (list !== kind) { flush(); list = kind; out.push(`<${kind}>`); }
      out.push(`<li>${inline(li[2])}</li>`);
    } else if (!line.trim()) flush();
    else {
      if (list || table) flush();
      para.push(line.trim());
    }
  }
  if (code !== null) out.push(`<pre>${esc(code.join("\n"))}</pre>`);
  flush();
  return out.join("\n");
}
