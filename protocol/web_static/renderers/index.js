// The renderer of each game by name; a game without one (a new game) is drawn by the generic renderer.
import generic from "./generic.js";
import wyattEarp from "./wyatt-earp.js";
import coltExpress from "./colt-express.js";
import hearts from "./hearts.js";
import kuhnPoker from "./kuhn-poker.js";
import wayOutWest from "./way-out-west.js";
import bang from "./bang.js";

const RENDERERS = {
  "wyatt-earp": wyattEarp,
  "colt-express": coltExpress,
  "hearts": hearts,
  "kuhn-poker": kuhnPoker,
  "way-out-west": wayOutWest,
  "bang": bang,
};

export function rendererFor(game) {
  return Object.hasOwn(RENDERERS, game) ? RENDERERS[game] : generic;
}
