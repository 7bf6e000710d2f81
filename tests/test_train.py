"""``deadeye train`` end to end on tiny runs: generations journaled, the best network kept with a manifest that says
how to make it again, a resumed run equal to an uninterrupted one, bit for bit, and settings that must match."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from deadeye.bots.arena import ArenaError
from deadeye.bots.selfplay import SelfPlayTask, play_selfplay_game
from deadeye.bots.networks import shipped_folder, weights_digest
from deadeye.bots.registry import make_bot
from deadeye.bots import tuning
from deadeye.bots.train import (TrainConfig, config_fields, machine_kind, read_journal, remake, resolved_search,
                                search_spec, sharpened, ship, train_run)
from deadeye.bots.tuning import UNGUIDED, search_settings, uses_network
from deadeye.core import game_info, list_games
from deadeye.core.features import encoding_layout
from deadeye.protocol.cli import main
from deadeye.search.network import Network, NetworkError


def tiny(out, game="kuhn-poker", **kw) -> TrainConfig:
    settings = dict(game=game, out=out, generations=2, games=6, iterations=30, hidden=(8, 8), epochs=2,
                    gate_games=4, seed=3, progress=False)
    settings.update(kw)
    return TrainConfig(**settings)


def test_a_runs_searches_never_take_the_games_default_network():
    """Way Out West's default search uses its shipped network; a run's first generation (no network yet) and its
    guided generations must not, or a manifest would stop remaking its weights when a default changes."""
    config = tiny("unused", game="way-out-west", guide="prior=net")
    assert make_bot("ismcts").settings("way-out-west")["prior"] == "net"
    plain = make_bot(search_spec(config, None)).settings("way-out-west")
    guided = make_bot(search_spec(config, "gen-1")).settings("way-out-west")
    assert (plain["prior"], plain["value"]) == ("none", "rollout") and plain["rollout"] == "heuristic"
    assert (guided["prior"], guided["value"], guided["mix"]) == ("net", "rollout", 1.0)


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_a_runs_recorded_search_is_the_tuned_search(game):
    """The search a run records whole (``search``) is the one it played before the record existed, at every seat
    count: the tuned settings with the network's left unguided.  So the shipped networks' manifests, which predate
    the record, remake as they did, whatever the run's guide."""
    info = game_info(game)
    before = f"ismcts:iterations=30,{','.join(f'{k}={v}' for k, v in UNGUIDED.items())}"
    for guide in ("prior=net", "value=net"):
        config = tiny("unused", game=game, guide=guide)
        for n in range(info.min_players, info.max_players + 1):
            assert make_bot(search_spec(config, None)).settings(game, players=n) == \
                make_bot(before).settings(game, players=n)


def test_later_tuning_never_changes_a_recorded_run(tmp_path, monkeypatch):
    train_run(tiny(tmp_path / "run", game="hearts", games=2, generations=1, gate_games=2))
    recorded = json.loads((tmp_path / "run" / "settings.json").read_text())["search"]
    tuned = search_settings("hearts", {})
    assert recorded == resolved_search("hearts", None) and f"win={tuned['win']}" in recorded
    monkeypatch.setitem(tuning.BY_GAME, "hearts", {**tuning.BY_GAME["hearts"], "win": 0.5, "c": 1.1})
    assert "win=0.5" in resolved_search("hearts", None)                   # what a new run would record now
    config = TrainConfig(game="hearts", out=tmp_path / "run", **config_fields(json.loads(
        (tmp_path / "run" / "settings.json").read_text())))
    settings = make_bot(search_spec(config, None)).settings("hearts")
    assert (settings["win"], settings["c"]) == (tuned["win"], tuned["c"])
    # a run from before the record (its settings.json has no search) resumes with the tuned search, as it ran
    old = json.loads((tmp_path / "run" / "settings.json").read_text())
    del old["search"]
    (tmp_path / "run" / "settings.json").write_text(json.dumps(old))
    monkeypatch.undo()
    rows = train_run(tiny(tmp_path / "run", game="hearts", games=2, generations=2, gate_games=2), resume=True)
    assert len(rows) == 2
    # the user's own settings are completed by the tuned ones; the network's, the budget and the seed are refused
    assert resolved_search("hearts", "c=0.4,win=1").startswith("c=0.4,rollout=heuristic,epsilon=0.3,")
    for bad, match in (("prior=net", "not prior"), ("seed=1", "not seed"), ("rollout=foo", "rollout='foo'")):
        with pytest.raises(ArenaError, match=match):
            train_run(tiny(tmp_path / bad, search=bad))
        assert not (tmp_path / bad).exists()


def test_a_selfplay_game_records_every_choice_with_its_targets():
    spec = "ismcts:iterations=40,win=0.25"
    index, examples, what = play_selfplay_game(SelfPlayTask(7, "hearts", 4, spec, seed=5))
    layout = encoding_layout("hearts")
    assert index == 7 and what["returns"] is not None and len(examples) > 40
    assert examples.x.shape == (len(examples), layout.size) and examples.mask.shape == (len(examples), 52)
    assert np.allclose(examples.policy.sum(axis=1), 1, atol=1e-5)
    assert np.all(examples.policy[~examples.mask] == 0)             # visits only on legal actions
    # the value target is the search's reward (here win=0.25): 0.75 (1 - points / 26) + 0.25 win share,
    # whose sum over the seats is 0.75 * 3 + 0.25 (26 points taken) or 0.75 * 1 + 0.25 (a moon shot: 78)
    assert np.all(examples.seats == 1)
    assert np.allclose(examples.value.sum(axis=1), 2.5) or np.allclose(examples.value.sum(axis=1), 1.0)
    assert sorted(what["returns"]) in ([0, 0, 0, 1], [0, 0, 0.5, 0.5], [0, 1 / 3, 1 / 3, 1 / 3])
    again = play_selfplay_game(SelfPlayTask(7, "hearts", 4, spec, seed=5))[1]
    assert np.array_equal(again.x, examples.x) and np.array_equal(again.policy, examples.policy)


def test_a_hearts_run_journals_its_generations_and_keeps_a_network_with_its_manifest(tmp_path):
    rows = train_run(tiny(tmp_path / "run", game="hearts", games=3, generations=2, gate_games=2))
    assert [r["generation"] for r in rows] == [1, 2]
    assert all(r["examples"] > 0 and r["gate"]["games"] >= 2 for r in rows)
    for gen in (1, 2):
        net = Network.load(str(tmp_path / "run" / f"gen-{gen}"), "hearts", encoding_layout("hearts").fingerprint())
        manifest = net.manifest
        assert manifest["generation"] == gen and manifest["seed"] == 3 and manifest["players"] == 4
        assert manifest["options"] == {}
        assert manifest["arena"]["kept"] == (rows[gen - 1]["best"] == gen)
        assert manifest["remake"].startswith(f"deadeye train hearts --out DIR --generations {gen} ")
        assert manifest["commit"]


def test_a_resumed_run_is_the_uninterrupted_run_bit_for_bit(tmp_path):
    whole = train_run(tiny(tmp_path / "whole"))
    train_run(tiny(tmp_path / "parts", generations=1))
    with pytest.raises(ArenaError, match="--resume"):
        train_run(tiny(tmp_path / "parts"))
    parts = train_run(tiny(tmp_path / "parts"), resume=True)
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in whole]
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in parts] == strip
    for gen in (1, 2):
        a = Network.load(str(tmp_path / "whole" / f"gen-{gen}")).arrays()
        b = Network.load(str(tmp_path / "parts" / f"gen-{gen}")).arrays()
        assert all(np.array_equal(a[k], b[k]) for k in a)


def test_a_run_over_several_seat_counts_plays_and_gates_each_in_turn(tmp_path):
    config = tiny(tmp_path / "mixed", game="wyatt-earp", players=(2, 3), games=4, generations=1, gate_games=4,
                  iterations=20)
    rows = train_run(config)
    examples = np.load(tmp_path / "mixed" / "data" / "gen-1.npz")
    assert sorted(set(examples["seats"].sum(axis=1).astype(int))) == [2, 3]    # games 0, 2 at 2 seats; 1, 3 at 3
    for n in (2, 3):
        journal = tmp_path / "mixed" / f"gate-1-p{n}"
        assert journal.is_dir() and any(journal.iterdir())
    assert rows[0]["gate"]["games"] == 4 and "2 players" in rows[0]["gate"]["summary"]
    settings = json.loads((tmp_path / "mixed" / "settings.json").read_text())
    manifest = json.loads((tmp_path / "mixed" / "gen-1" / "manifest.json").read_text())
    assert settings["players"] == manifest["players"] == manifest["settings"]["players"] == [2, 3]
    assert " --players 2,3 " in manifest["remake"]
    assert config_fields(manifest["settings"])["players"] == (2, 3)
    assert config_fields({"players": 4})["players"] == (4,)      # manifests of one count record a number
    with pytest.raises(ArenaError, match="2 to 6 players, not 7"):
        train_run(tiny(tmp_path / "bad", game="wyatt-earp", players=(4, 7)))


def test_sharpened_targets_lean_towards_the_most_visited_moves_and_are_recorded(tmp_path):
    shares = np.array([[0.5, 0.3, 0.2, 0.0], [0.25, 0.25, 0.25, 0.25]], dtype=np.float32)
    assert np.allclose(sharpened(shares, 2.0), [[0.25 / 0.38, 0.09 / 0.38, 0.04 / 0.38, 0.0], [0.25] * 4])
    assert sharpened(shares, 1.0) is shares
    train_run(tiny(tmp_path / "sharp", generations=1, sharpen=2.0))
    manifest = json.loads((tmp_path / "sharp" / "gen-1" / "manifest.json").read_text())
    assert manifest["settings"]["sharpen"] == 2.0 and manifest["remake"].endswith("--sharpen 2.0 --seed 3")
    assert config_fields(manifest["settings"])["sharpen"] == 2.0
    train_run(tiny(tmp_path / "plain", generations=1))
    assert "sharpen" not in json.loads((tmp_path / "plain" / "settings.json").read_text())   # as runs before it
    sharp, plain = (Network.load(str(tmp_path / run / "gen-1")).arrays() for run in ("sharp", "plain"))
    assert not all(np.array_equal(sharp[k], plain[k]) for k in plain)          # the same games, other targets
    with pytest.raises(ArenaError, match="power above 0"):
        train_run(tiny(tmp_path / "bad", sharpen=0.0))


def test_a_run_refuses_other_settings(tmp_path):
    train_run(tiny(tmp_path / "run", generations=1))
    with pytest.raises(ArenaError, match="other settings.*iterations"):
        train_run(tiny(tmp_path / "run", iterations=31), resume=True)


def test_the_command_line(tmp_path, capsys):
    code = main(["train", "kuhn-poker", "--out", str(tmp_path / "cli"), "--generations", "1", "--games", "4",
                 "--iterations", "20", "--hidden", "4,4", "--gate-games", "2"])
    assert code == 0 and "1 generations; best:" in capsys.readouterr().out
    rows = [json.loads(line) for line in (tmp_path / "cli" / "journal.jsonl").read_text().splitlines()]
    assert len(rows) == 1 and rows[0]["selfplay_games"] == 4
    assert main(["train", "kuhn-poker", "--out", str(tmp_path / "x"), "--hidden", "4"]) == 2
    # a resume takes the run's own settings: only the generations to reach need saying
    settings = (tmp_path / "cli" / "settings.json").read_text()
    assert main(["train", "kuhn-poker", "--out", str(tmp_path / "cli"), "--resume", "--generations", "2"]) == 0
    rows = [json.loads(line) for line in (tmp_path / "cli" / "journal.jsonl").read_text().splitlines()]
    assert [r["selfplay_games"] for r in rows] == [4, 4] and (tmp_path / "cli" / "settings.json").read_text() == settings
    capsys.readouterr()
    assert main(["train", "kuhn-poker", "--out", str(tmp_path / "cli"), "--resume", "--games", "5"]) == 2
    assert "trained with other settings (games)" in capsys.readouterr().err


def test_a_shipped_network_carries_its_lineage_and_remakes_bit_for_bit(tmp_path, capsys):
    train_run(tiny(tmp_path / "run"))
    shipped = ship(tmp_path / "run", "kuhn-poker", tmp_path / "nets" / "kuhn_poker")
    manifest = json.loads((shipped / "manifest.json").read_text())
    assert sorted(manifest["lineage"]) == ["1", "2"] and manifest["settings"]["seed"] == 3
    assert manifest["options"] == {} and manifest["game"] == "kuhn-poker" and manifest["trained_on"] == machine_kind()
    assert manifest["lineage"][str(manifest["generation"])] == weights_digest(Network.load(str(shipped)))
    # the same run, made again from the manifest alone, through the command line
    assert main(["train", "kuhn-poker", "--remake", str(shipped), "--out", str(tmp_path / "again")]) == 0
    assert "the manifest's, bit for bit" in capsys.readouterr().out
    # the remade generation's weights without its gate (it changes no weight): out of the journal, no arena result
    assert [r["generation"] for r in read_journal(tmp_path / "again")] == [1]
    assert "arena" not in json.loads((tmp_path / "again" / "gen-2" / "manifest.json").read_text())
    # a manifest whose lineage was not made by these settings is caught
    first = manifest["lineage"]["1"]
    manifest["lineage"]["1"] = "0" * 64
    (shipped / "manifest.json").write_text(json.dumps(manifest))
    assert main(["train", "kuhn-poker", "--remake", str(shipped), "--out", str(tmp_path / "again"),
                 "--generations", "1"]) == 1
    assert f"not the manifest's {'0' * 64} (trained on this kind of machine, {machine_kind()}: " in \
        capsys.readouterr().out
    # what another kind of machine remakes, recorded for that kind, counts there and only there
    manifest["remade_on"] = {"another kind": {"1": manifest["lineage"]["2"]}, machine_kind(): {"1": first}}
    (shipped / "manifest.json").write_text(json.dumps(manifest))
    assert remake(shipped, "kuhn-poker", tmp_path / "again", generations=1) == \
        (first, first, f"recorded for this kind of machine, {machine_kind()}")
    manifest["remade_on"] = {"another kind": {"1": first}}
    manifest["trained_on"] = "another kind"
    (shipped / "manifest.json").write_text(json.dumps(manifest))
    assert remake(shipped, "kuhn-poker", tmp_path / "again", generations=1) == \
        ("0" * 64, first, f"trained on another kind; this one is {machine_kind()}")
    with pytest.raises(NetworkError, match="not 'hearts'"):
        remake(shipped, "hearts", tmp_path / "other")


def machine() -> str:
    """The CPU and the numerical kernels training rounds with: what a remake's weights depend on."""
    from threadpoolctl import threadpool_info
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
                 "") if os.path.exists("/proc/cpuinfo") else ""
    blas = ", ".join(f"{i['internal_api']} {i['version']} ({i.get('architecture')} kernels)" for i in threadpool_info()
                     if i["user_api"] == "blas")
    return f"{model or sys.platform}, numpy {np.__version__}, {blas}"


@pytest.mark.slow
@pytest.mark.timeout(2400)            # beyond the training process's own 1,800 s
@pytest.mark.parametrize("game", [g.name for g in list_games() if os.path.isdir(shipped_folder(g.name))])
def test_every_shipped_network_remakes_its_first_generation_bit_for_bit(game, tmp_path, request):
    """The shipped weights' first generation, retrained from the manifest's settings on one BLAS thread, in a
    process of its own (the thread count is read when numpy loads).  Every run checks the networks a default
    searches with; ``--long`` the others too (a few minutes of two cores each)."""
    info = game_info(game)
    counts = range(info.min_players, info.max_players + 1)
    if not request.config.getoption("--long") and not any(uses_network(search_settings(game, {}, players=n))
                                                          for n in counts):
        pytest.skip("no default searches with this network: select it with --long")
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-m", "deadeye.protocol.cli", "train", game, "--remake",
                           "default", "--generations", "1", "--workers", "2", "--out",
                           str(tmp_path / "again")], env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr + f"on {machine()} (docs/learning.md: a remake matches " \
                                                             "on a machine of the kind that trained the network)"
