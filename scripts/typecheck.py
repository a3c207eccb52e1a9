"""Type checks for CI: mypy --strict over the kernel and the agents, and a ceiling on the
errors mypy reports (default settings) over the whole package.

The ceiling only goes down: when a change removes errors, lower ``CEILING`` in the same
commit. ``python scripts/typecheck.py`` exits non-zero when either check fails.
"""

from __future__ import annotations

import re
import subprocess
import sys

STRICT = ["src/tcgkit/kernel", "src/tcgkit/agents"]
CEILING = 20  # errors in src/ under mypy's default settings (412 before kernel v2; lower it as they go)


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
    print(f"mypy --strict {' '.join(STRICT)}: {strict} errors")
    if strict:
        print(output)
    total, output = mypy("src")
    print(f"mypy src: {total} errors (ceiling {CEILING})")
    if total > CEILING:
        print(output)
        print(f"{total - CEILING} more mypy errors than the ceiling: fix the new ones")
    return 1 if strict or total > CEILING else 0


if __name__ == "__main__":
    sys.exit(main())
