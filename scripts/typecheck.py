"""Type checks for CI: mypy --strict over the kernel, the agents and every game's scene
module, and mypy's default settings over the whole package, which must report no error.

``python scripts/typecheck.py`` exits non-zero when either check finds one. It passes on a
plain ``pip install -e '.[dev]'``: the optional extras' imports (Ray, pyarrow, matplotlib)
are typed as ``Any`` when they are absent (``[[tool.mypy.overrides]]`` in pyproject.toml).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "tcgkit"
STRICT = [
    str(SRC / "kernel"),
    str(SRC / "agents"),
    *sorted(str(p) for p in SRC.glob("games/*/scene.py")),
]


def mypy(*args: str) -> tuple[int, str]:
    """The number of errors mypy reports, and its output."""
    run = subprocess.run([sys.executable, "-m", "mypy", *args], capture_output=True, text=True)
    output = run.stdout + run.stderr
    found = re.search(r"Found (\d+) errors?", output)
    if found:
        return int(found.group(1)), output
    if run.returncode != 0:  # mypy itself failed (a crash, a bad flag): say so, never pass
        sys.exit(f"mypy failed:\n{output}")
    return 0, output


def main() -> int:
    strict, output = mypy("--strict", *STRICT)
    print(f"mypy --strict over kernel/, agents/ and {len(STRICT) - 2} scene modules: {strict} errors")
    if strict:
        print(output)
    total, output = mypy(str(SRC))
    print(f"mypy src: {total} errors")
    if total:
        print(output)
    return 1 if strict or total else 0


if __name__ == "__main__":
    sys.exit(main())
