from collections import Counter
from math import factorial

import pytest

from tcgkit.kernel.rng import Rng, derive_seed


def test_sequence_is_splitmix64_and_never_changes():
    # Reference SplitMix64 outputs for seed 0: the replay format depends on them.
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]


def test_clone_continues_identically_and_independently():
    rng = Rng(123)
    rng.next_u64()
    twin = rng.clone()
    assert [rng.below(100) for _ in range(20)] == [twin.below(100) for _ in range(20)]
    twin.next_u64()
    assert twin.state != rng.state


def test_below_is_uniform_and_checks_its_bound():
    rng = Rng(1)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < n < 10_600 for n in counts.values())
    with pytest.raises(ValueError, match="positive bound"):
        rng.below(0)


def test_sample_choice_and_random():
    rng = Rng(5)
    picked = rng.sample(range(10), 10)
    assert sorted(picked) == list(range(10))
    assert rng.choice("abc") in "abc"
    assert all(0 <= rng.random() < 1 for _ in range(100))
    with pytest.raises(ValueError, match="cannot sample 3 from 2"):
        rng.sample([1, 2], 3)


def test_derived_seeds_differ_per_stream():
    seeds = {derive_seed(9, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert derive_seed(9, 1, 2) != derive_seed(9, 2, 1)
    # Reference values: records and playthroughs replay through derived seeds.
    assert derive_seed(9, 4) == 0x4336B3782F5887A1
    assert derive_seed(9, 1, 2) == 0xD75509F1DDF7CBAB


# Upper 0.1% points of the chi-square distribution, for n! - 1 degrees of freedom.
CHI2_999 = {3: 20.52, 4: 49.73, 5: 172.5}


def chi_square(counts: Counter[tuple[int, ...]], cells: int, total: int) -> float:
    expected = total / cells
    return sum((counts[k] - expected) ** 2 / expected for k in counts) + (cells - len(counts)) * expected


def test_shuffle_deals_every_order_of_a_few_items_equally_often():
    rng = Rng(11)
    for n, per_order in ((3, 2000), (4, 400), (5, 100)):
        cells = factorial(n)
        counts: Counter[tuple[int, ...]] = Counter()
        for _ in range(cells * per_order):
            items = list(range(n))
            rng.shuffle(items)
            counts[tuple(items)] += 1
        assert len(counts) == cells
        assert chi_square(counts, cells, cells * per_order) < CHI2_999[n], n


def test_the_uniformity_check_would_catch_a_biased_shuffle():
    # The classic mistake (each index drawn below n, not below i + 1) gives 27 paths to 6 orders.
    rng, counts = Rng(11), Counter[tuple[int, ...]]()
    for _ in range(12_000):
        items = [0, 1, 2]
        for i in range(2, 0, -1):
            j = rng.below(3)
            items[i], items[j] = items[j], items[i]
        counts[tuple(items)] += 1
    assert chi_square(counts, 6, 12_000) > CHI2_999[3]


def test_shuffle_moves_every_item_to_every_place_across_its_groups_of_draws():
    # 30 items take two draws (30 * 29 * ... * 18, then 17!): an item's place must not care.
    rng, n, rounds = Rng(12), 30, 3000
    first, last = Counter[int](), Counter[int]()
    for _ in range(rounds):
        items = list(range(n))
        rng.shuffle(items)
        first[items.index(0)] += 1
        last[items.index(n - 1)] += 1
    for places in (first, last):
        expected = rounds / n
        statistic = sum((places[k] - expected) ** 2 / expected for k in range(n))
        assert len(places) == n and statistic < 58.3  # the upper 0.1% point for 29 degrees


def test_shuffle_is_seeded_and_loses_nothing():
    for n in (*range(8), 20, 21, 52, 60, 61, 130, 1500):
        items = [f"card {i % 7}" for i in range(n)]  # repeats, as a deck has
        a, b = list(items), list(items)
        Rng(n).shuffle(a)
        Rng(n).shuffle(b)
        assert a == b and sorted(a) == sorted(items)
    a, b = list(range(40)), list(range(40))
    Rng(1).shuffle(a)
    Rng(2).shuffle(b)
    assert a != b


def test_shuffle_is_fisher_yates_on_the_mixed_radix_digits_of_its_draws():
    # The definition replays depend on: indices below 60, 59, ... are the digits of one draw
    # while their product stays under 2**62, then of the next draw.
    rng, reference = Rng(5), Rng(5)
    items, expected = list(range(60)), list(range(60))
    rng.shuffle(items)
    i, x, product = 59, reference.next_u64(), 1
    while i > 0:
        if product * (i + 1) > 1 << 62:
            x, product = reference.next_u64(), 1
        product *= i + 1
        x, j = divmod(x, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
        i -= 1
    assert items == expected and rng.state == reference.state


class Scripted(Rng):
    """Draws given in advance."""

    def __init__(self, draws: list[int]) -> None:
        super().__init__()
        self.script = iter(draws)

    def next_u64(self) -> int:
        return next(self.script)


def test_shuffle_refuses_a_draw_past_the_last_whole_multiple():
    # Three items take one draw below 3 * 2 = 6. 2**64 % 6 == 4: the draws from 2**64 - 4 on
    # would favour four orders, so they are drawn again. 2**64 - 6 is 4 mod 6: index 4 % 3 = 1
    # for the last item, then 4 // 3 % 2 = 1 for the middle one.
    rng = Scripted([(1 << 64) - 1, (1 << 64) - 4, (1 << 64) - 6])
    items = ["a", "b", "c"]
    rng.shuffle(items)
    assert items == ["a", "c", "b"] and next(rng.script, None) is None


def test_below_each_reads_several_uniform_values_off_one_draw():
    rng, twin = Rng(4), Rng(4)
    values = rng.below_each(110, 5)
    x = twin.next_u64()  # 110**5 < 2**64: one word, taken unless it lies past the last multiple
    assert x < (1 << 64) - (1 << 64) % 110**5
    x %= 110**5
    assert values == [x // 110**k % 110 for k in range(5)] and rng.state == twin.state
    counts = Counter(v for _ in range(4000) for v in Rng(_).below_each(3, 4))
    assert set(counts) == {0, 1, 2} and all(abs(n - 16000 / 3) < 300 for n in counts.values())
    assert Rng(1).below_each(7, 0) == []
    with pytest.raises(ValueError, match="positive bound"):
        rng.below_each(0, 2)


def test_big_below_takes_as_many_words_as_the_bound_needs():
    rng, twin = Rng(9), Rng(9)
    total = 52 * 51 * 50 * 49 * 48 * 47 * 46 * 45 * 44 * 43 * 42 * 41 * 40  # past 2**64
    value = rng.big_below(total)
    x = (twin.next_u64() << 64) | twin.next_u64()
    assert 0 <= value < total and rng.state == twin.state and value == x % total
