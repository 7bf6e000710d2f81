"""The guiding network: the C forward pass agrees with the numpy one training uses, the gradients are the loss's,
training fits a small target, and weights are saved with a manifest that refuses another encoding."""
from __future__ import annotations

import json

import numpy as np
import pytest

from deadeye.bots import mlp
from deadeye.core import new_game
from deadeye.core.features import encoding_layout
from deadeye.search.network import Network, NetworkError


def hearts_net(seed: int = 1, hidden=(32, 16)) -> Network:
    layout = encoding_layout("hearts")
    net = Network.initial(layout.size, hidden, 52, 4, seed)
    w = net.arrays()
    rng = np.random.default_rng(seed + 1)
    for k in ("wp", "bp", "wv", "bv", "b1", "b2"):                    # heads that say something, for the test
        w[k] = rng.standard_normal(w[k].shape).astype(np.float32) * 0.3
    return Network(w, {"game": "hearts", "encoding": {"fingerprint": layout.fingerprint(), "version": 1}})


def hearts_examples(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng, xs, masks = np.random.default_rng(seed), [], []
    while len(xs) < n:
        state = new_game("hearts", players=4, seed=int(rng.integers(1 << 30)))
        for _ in range(int(rng.integers(0, 40))):
            state.apply_action(int(rng.choice(state.legal_actions())))
        info = state.information_set(state.current_player())
        xs.append(info.encode())
        masks.append(info.legal_mask())
    return np.array(xs), np.array(masks)


def test_the_c_forward_pass_is_the_numpy_one():
    net = hearts_net()
    x, mask = hearts_examples(20)
    p, v, _ = mlp.forward(net.arrays(), x, mask)
    for i in range(len(x)):
        prior, value = net.forward(x[i], mask[i])
        assert np.allclose(prior, p[i], atol=1e-5) and np.allclose(value, v[i], atol=1e-5)
        assert np.all(prior[~mask[i]] == 0) and abs(prior.sum() - 1) < 1e-5


def test_the_gradients_are_the_losss():
    """Central differences of the total loss along a few coordinates of every array match the analytic gradient."""
    net = hearts_net(hidden=(8, 6))
    x, mask = hearts_examples(6)
    rng = np.random.default_rng(3)
    policy = np.where(mask, rng.random(mask.shape), 0).astype(np.float32)
    policy /= policy.sum(axis=1, keepdims=True)
    batch = mlp.Batch(x, mask, policy, rng.random((6, 4)).astype(np.float32),
                      np.array([[1, 1, 1, 0]] * 6, dtype=np.float32))
    w = {k: a.astype(np.float64) for k, a in net.arrays().items()}
    _, grads = mlp.loss_and_grads(w, batch, value_weight=0.7, l2=1e-3)
    for k, a in w.items():
        for idx in [tuple(rng.integers(0, s) for s in a.shape) for _ in range(3)]:
            old, h = a[idx], 1e-5
            a[idx] = old + h
            up = mlp.loss_and_grads(w, batch, 0.7, 1e-3)[0]["total"]
            a[idx] = old - h
            down = mlp.loss_and_grads(w, batch, 0.7, 1e-3)[0]["total"]
            a[idx] = old
            assert abs((up - down) / (2 * h) - grads[k][idx]) < 1e-4 * max(1.0, abs(grads[k][idx])), (k, idx)


def test_training_fits_a_target_and_replays_bit_for_bit():
    x, mask = hearts_examples(64, seed=5)
    rng = np.random.default_rng(0)
    target = np.where(mask, rng.random(mask.shape) ** 4, 0).astype(np.float32)
    target /= target.sum(axis=1, keepdims=True)
    data = mlp.Batch(x, mask, target, rng.random((64, 4)).astype(np.float32), np.ones((64, 4), np.float32))
    runs = []
    for _ in range(2):
        w = Network.initial(x.shape[1], (32, 32), 52, 4, seed=9).arrays()
        history = mlp.train(w, data, epochs=60, batch_size=16, seed=4, lr=3e-3)
        runs.append((w, history))
    floor = -np.sum(target * np.log(np.where(mask, target, 1.0) + 1e-7)) / len(target)   # the targets' entropy
    assert history[-1]["policy"] - floor < 0.3 * (history[0]["policy"] - floor)
    assert all(np.array_equal(runs[0][0][k], runs[1][0][k]) for k in runs[0][0])


def test_training_holds_blas_to_one_thread_whatever_the_environment(monkeypatch):
    """A BLAS on n threads splits its sums n ways, so weights trained on another core count would differ: training
    limits BLAS to one thread itself, and gives the limit back after."""
    from threadpoolctl import threadpool_info, threadpool_limits
    x, mask = hearts_examples(16, seed=1)
    data = mlp.Batch(x, mask, mask / mask.sum(axis=1, keepdims=True), np.ones((16, 4), np.float32),
                     np.ones((16, 4), np.float32))
    def blas_threads():
        return {i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"}
    seen, inner = [], mlp.loss_and_grads
    monkeypatch.setattr(mlp, "loss_and_grads", lambda *a: seen.append(blas_threads()) or inner(*a))
    with threadpool_limits(limits=2, user_api="blas"):
        w = Network.initial(x.shape[1], (8, 8), 52, 4, seed=1).arrays()
        mlp.train(w, data, epochs=2, batch_size=8, seed=1)
        assert blas_threads() == {2}
    assert seen and all(s == {1} for s in seen)


def test_weights_round_trip_with_their_manifest_and_refuse_another_encoding(tmp_path):
    net = hearts_net()
    net.save(str(tmp_path / "net"))
    manifest = json.loads((tmp_path / "net" / "manifest.json").read_text())
    assert manifest["game"] == "hearts" and manifest["shape"]["hidden"] == [32, 16]
    fingerprint = encoding_layout("hearts").fingerprint()
    back = Network.load(str(tmp_path / "net"), "hearts", fingerprint)
    assert all(np.array_equal(a, b) for a, b in zip(back.arrays().values(), net.arrays().values()))
    with pytest.raises(NetworkError, match="not the current one"):
        Network.load(str(tmp_path / "net"), "hearts", "0" * 16)
    with pytest.raises(NetworkError, match="not 'bang'"):
        Network.load(str(tmp_path / "net"), "bang")
    with pytest.raises(NetworkError, match="no network"):
        Network.load(str(tmp_path / "nothing"))
    with pytest.raises(NetworkError, match="shape"):
        Network({**net.arrays(), "b2": np.zeros(3, np.float32)})


def test_a_network_holds_no_subnormal_weight():
    """Subnormal floats make the CPU's arithmetic about a hundred times slower: a Hearts network trained over three
    generations held 10,102 of them and cost 14 us a forward pass instead of 1.3.  Every network built flushes them
    to zero (and training does after each step)."""
    w = Network.initial(20, (16, 8), 52, 4, seed=2).arrays()
    w["w1"][0, :4] = [1e-40, -1e-39, 1e-44, 0.5]
    w["wv"][1, :2] = [-3e-42, 2.0]
    built = Network(w).arrays()
    assert built["w1"][0, :4].tolist() == [0.0, 0.0, 0.0, 0.5] and built["wv"][1, :2].tolist() == [0.0, 2.0]
