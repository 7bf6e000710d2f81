"""Typed bot specs: every parameter's type and range, presets, the canonical string, and the bots' capabilities."""
import math
import random

import pytest

from deadeye.bots import BotSpec, BotSpecError, make_bot, parse_spec
from deadeye.bots.capabilities import Capabilities
from deadeye.bots.registry import _BOTS, DEFAULT_MAX_NODES, PRESETS, load_plugins
from deadeye.bots.spec import ChoiceParam, CutoffParam, FloatParam, IntParam, NetParam
from deadeye.core import new_game
from deadeye.interop.arena import CallableParam
from deadeye.search.budget import MAX_ITERATIONS, MAX_TIME_MS, Budget
from deadeye.search.ismcts import MAX_NODES

# (bot, parameter, the extreme values it accepts, values it refuses, the range the message names)
BOUNDS = [
    ("ismcts", "iterations", ["1", "2147483647"], ["0", "-5", "2147483648", "99999999999", "1.5", "many", "",
                                                   "9" * 900], "an integer from 1 to 2147483647"),
    ("ismcts", "time_ms", ["0.001", "86400000"], ["0", "-1", "86400000.5", "nan", "inf", "-inf", "1e300", "x"],
     r"a number in \(0, 86400000\]"),
    ("ismcts", "c", ["0", "100", "0.7"], ["-1", "100.01", "nan", "inf", "1e300"], r"a number in \[0, 100\]"),
    ("ismcts", "bias", ["0", "1000"], ["-0.5", "1000.5", "nan", "inf"], r"a number in \[0, 1000\]"),
    ("ismcts", "expand", ["1", "1000000"], ["0", "1000001", "99999999999"], "an integer from 1 to 1000000"),
    ("ismcts", "max_nodes", ["1", str(MAX_NODES)], ["0", str(MAX_NODES + 1), "99999999999"],
     f"an integer from 1 to {MAX_NODES}"),
    ("ismcts", "threads", ["1", "64"], ["0", "65", "1.5", "99999999999"], "an integer from 1 to 64"),
    ("ismcts", "cutoff", ["0", "20000", "round"], ["-1", "20001", "99999999999", "soon"],
     "a number of moves from 0 to 20000, or round"),
    ("ismcts", "rollout", ["random", "heuristic", "mast", "net"], ["clever", ""], "random or heuristic or mast or net"),
    ("ismcts", "prior", ["none", "net"], ["policy", ""], "none or net"),
    ("ismcts", "value", ["rollout", "net"], ["heuristic", ""], "rollout or net"),
    ("ismcts", "mix", ["0", "1", "0.5"], ["-0.1", "1.01", "nan"], r"a number in \[0, 1\]"),
    ("ismcts", "c_puct", ["0", "100"], ["-1", "100.5", "inf"], r"a number in \[0, 100\]"),
    ("ismcts", "net", ["default", "nets/hearts-7"], ["", "x" * 501], "default or a folder of weights"),
    ("ismcts", "epsilon", ["0", "1", "0.2"], ["-0.1", "1.01", "nan", "inf"], r"a number in \[0, 1\]"),
    ("ismcts", "win", ["0", "1", "0.25"], ["-0.1", "1.01", "nan", "inf"], r"a number in \[0, 1\]"),
    ("ismcts", "opponents", ["tree", "policy"], ["nobody"], "tree or policy"),
    ("ismcts", "tree", ["so", "mo"], ["both", "MO"], "so or mo"),
    ("ismcts", "inference", ["none", "heuristic", "uniform", "net"], ["psychic", ""], "none or heuristic or uniform"),
    ("ismcts", "particles", ["1", "4096"], ["0", "4097", "1.5", "99999999999"], "an integer from 1 to 4096"),
    ("ismcts", "noise", ["0", "1", "0.25"], ["-0.1", "1.01", "nan", "inf"], r"a number in \[0, 1\]"),
    ("ismcts", "reuse", ["0", "1"], ["2", "-1", "1.5", "yes"], "an integer from 0 to 1"),
    ("ismcts", "seed", ["0", str(2**64 - 1), str(-(2**63))], [str(2**64), "x", "1.0"], "an integer from"),
    ("pimc", "determinisations", ["1", "100000"], ["0", "-1", "100001", "99999999999"],
     "an integer from 1 to 100000"),
    ("pimc", "c", ["0"], ["nan"], r"a number in \[0, 100\]"),
    ("easy", "c", ["0.5"], ["nan", "inf"], r"a number in \[0, 100\]"),
    ("flatmc", "time_ms", ["1"], ["1e300"], r"a number in \(0, 86400000\]"),
    ("os-ismcts", "c", ["0", "1000"], ["nan", "-1", "1000.5"], r"a number in \[0, 1000\]"),
    ("os-ismcts", "rollouts", ["1", "10000"], ["0", "10001"], "an integer from 1 to 10000"),
    ("os-ismcts", "final", ["max_visit_count", "max_value"], ["best"], "max_visit_count or normalized_visit_count"),
    ("os-ismcts-any", "c", ["0", "1000"], ["nan", "-1", "1000.5"], r"a number in \[0, 1000\]"),     # deadeye.interop
    ("os-ismcts-any", "rollouts", ["1", "10000"], ["0", "10001"], "an integer from 1 to 10000"),
    ("os-ismcts-any", "final", ["max_visit_count", "max_value"], ["best"], "max_visit_count or normalized_visit_count"),
    ("pz-policy", "policy", ["a.b:c", "deadeye.interop.arena:masked_random"], ["", "a.b", "a b:c", "x" * 201],
     "package.module:function"),
    ("random", "seed", ["7"], ["seven"], "an integer from"),
]


@pytest.mark.parametrize("bot, key, good, bad, message", BOUNDS, ids=[f"{b}-{k}" for b, k, *_ in BOUNDS])
def test_every_parameter_accepts_its_range_and_refuses_the_rest_naming_it(bot, key, good, bad, message):
    for text in good:
        value = parse_spec(f"{bot}:{key}={text}").get(key)
        assert value is not None and (not isinstance(value, float) or math.isfinite(value))
    for text in bad:
        with pytest.raises(BotSpecError, match=message):
            parse_spec(f"{bot}:{key}={text}")


def test_every_declared_parameter_has_a_bound_test():
    """Bots share declarations (every search bot's ``c`` is one object), so testing one use covers them all."""
    load_plugins()                                 # the bots of deadeye.interop (the deadeye.bots entry point) too
    tested = {id(_BOTS[PRESETS[b].partition(":")[0] if b in PRESETS else b].params[k]) for b, k, *_ in BOUNDS}
    for name, kind in _BOTS.items():
        for key, param in kind.params.items():
            assert id(param) in tested, (name, key)


def test_values_are_converted_to_their_types():
    spec = parse_spec("pimc:iterations=50,time_ms=20,c=1,cutoff=segment,determinisations=3,seed=4")
    assert spec == BotSpec("pimc", (("iterations", 50), ("time_ms", 20.0), ("c", 1.0), ("cutoff", "round"),
                                    ("seed", 4), ("determinisations", 3)))
    assert [type(v) for _, v in spec.params] == [int, float, float, str, int, int]
    assert parse_spec("ismcts:cutoff=40").get("cutoff") == 40


def test_presets_resolve_into_their_bot_and_the_specs_own_parameters_win():
    assert parse_spec("easy") == BotSpec("ismcts", (("iterations", 100),))
    assert parse_spec("medium") == parse_spec("ismcts:iterations=1000")
    assert parse_spec("hard:iterations=7,seed=2") == BotSpec("ismcts", (("iterations", 7), ("seed", 2)))
    assert str(parse_spec(" hard : c=0.5 , seed=2 ")) == "ismcts:iterations=5000,c=0.5,seed=2"
    assert make_bot("hard").budget == Budget(iterations=5000)


def test_shape_errors_and_unknown_names():
    for text, message in (("ismcts:iterations", "not key=value"), ("ismcts:=3", "not key=value"),
                          ("grandmaster", "unknown bot 'grandmaster'"), ("ismcts:depth=3", "no parameter 'depth'"),
                          ("random:iterations=5", "no parameter 'iterations'"),
                          ("os-ismcts-py:time_ms=5", "no parameter 'time_ms'"),
                          ("random:seed=" + "9" * 2000, "at most 1000 characters")):
        with pytest.raises(BotSpecError, match=message):
            parse_spec(text)
    with pytest.raises(BotSpecError, match="is a string"):
        parse_spec(7)


def _random_value(param, rng):
    if isinstance(param, IntParam):
        return str(rng.choice([param.low, param.high, rng.randint(param.low, param.high)]))
    if isinstance(param, FloatParam):
        return repr(rng.choice([param.high, rng.uniform(param.low, param.high) or param.high]))
    if isinstance(param, ChoiceParam):
        return rng.choice(param.choices)
    if isinstance(param, NetParam):
        return rng.choice(["default", "trained/hearts-3"])
    if isinstance(param, CallableParam):                  # pz-policy's policy (deadeye.interop)
        return rng.choice(["deadeye.interop.arena:masked_random", "my_pkg.policies:greedy"])
    assert isinstance(param, CutoffParam)
    return rng.choice(["round", "segment", str(rng.randint(0, param.high))])


def test_the_canonical_string_parses_back_to_the_same_spec():
    rng = random.Random(11)
    for _ in range(400):
        name = rng.choice(list(_BOTS) + list(PRESETS))
        params = _BOTS[name if name in _BOTS else "ismcts"].params
        keys = rng.sample(list(params), rng.randint(0, len(params)))
        text = name + (":" + ",".join(f"{k}={_random_value(params[k], rng)}" for k in keys) if keys else "")
        spec = parse_spec(text)
        assert parse_spec(str(spec)) == spec and str(parse_spec(str(spec))) == str(spec), text
        assert hash(spec) == hash(parse_spec(str(spec)))
    # the same parameters in another order are the same spec
    assert parse_spec("ismcts:c=1,iterations=5") == parse_spec("ismcts:iterations=5,c=1.0")


def test_a_server_cap_on_max_nodes_bounds_the_parameter_and_the_default():
    with pytest.raises(BotSpecError, match="an integer from 1 to 5000"):
        parse_spec("ismcts:max_nodes=5001", max_nodes=5000)
    assert parse_spec("pimc:max_nodes=5000", max_nodes=5000).get("max_nodes") == 5000
    assert make_bot("ismcts", max_nodes=5000).max_nodes == 5000
    assert make_bot("ismcts").max_nodes == DEFAULT_MAX_NODES == make_bot("ismcts", max_nodes=10**7).max_nodes
    assert make_bot("random", max_nodes=5).seed == 0                    # no pool, nothing to cap


def test_budgets_are_bounded_where_they_are_made():
    for iterations in (0, MAX_ITERATIONS + 1, 10**12, 2**63):
        with pytest.raises(ValueError, match="iterations must be an integer from 1 to 2,147,483,647"):
            Budget(iterations=iterations)
    for time_ms in (0, -1, MAX_TIME_MS + 1, math.inf, math.nan, 1e300):
        with pytest.raises(ValueError, match=r"time_ms must be a number from 0 \(excluded\) to 86,400,000"):
            Budget(time_ms=time_ms)
    assert Budget(MAX_ITERATIONS, MAX_TIME_MS).time_ms == MAX_TIME_MS


def test_bots_declare_what_they_can_do():
    searching = Capabilities(stoppable=True, searches=True)
    assert make_bot("random").capabilities == make_bot("heuristic").capabilities == Capabilities()
    for spec in ("ismcts", "flatmc", "pimc", "hard"):
        assert make_bot(spec).capabilities == searching, spec
    assert make_bot("cheat").capabilities == Capabilities(stoppable=True, searches=True, needs_state=True)
    assert Capabilities().plays("colt-express") and not Capabilities(games=frozenset({"hearts"})).plays("kuhn")


def test_openspiels_bots_declare_the_games_with_an_openspiel_twin():
    pytest.importorskip("pyspiel")
    for spec in ("os-ismcts", "os-ismcts-py"):
        capabilities = make_bot(spec).capabilities
        assert not (capabilities.stoppable or capabilities.searches or capabilities.needs_state)
        assert capabilities.plays("hearts") and capabilities.plays("kuhn-poker")
        assert not capabilities.plays("wyatt-earp") and not capabilities.plays("colt-express")


def test_a_released_search_bot_holds_no_tree_and_plays_on_the_same():
    state = new_game("wyatt-earp", players=3, seed=2)
    info = state.information_set(state.current_player())
    kept, released = make_bot("ismcts:iterations=200", seed=5), make_bot("ismcts:iterations=200", seed=5)
    first = kept.choose(info), released.choose(info)
    assert kept.last.tree_size > 1 and first[0] == first[1]
    released.release()
    assert [s.tree_size for s in released._searchers] == [0]
    assert kept.choose(info) == released.choose(info)        # a search keeps nothing from one choice to the next
