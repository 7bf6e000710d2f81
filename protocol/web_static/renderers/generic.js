// The renderer of a game without one of its own: the view's text and every field of the seat's information set.
import { h, section } from "./common.js";

function show(value) {
  if (Array.isArray(value)) return JSON.stringify(value);
  if (value && typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export default {
  render(ctx) {
    const fields = Object.entries(ctx.info || {});
    return h("div", { class: "generic" },
      section("The table, as text", h("pre", { class: "view-text" }, ctx.view.text || "")),
      section("Your information set",
        h("table", { class: "fields" },
          fields.map(([key, value]) => h("tr", {}, h("th", {}, key), h("td", {}, h("code", {}, show(value))))))));
  },
};
