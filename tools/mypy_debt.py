"""Rewrite the list of modules the type checker still faults (pyproject.toml, issue 39).

Runs mypy over ofcleague/ without that list and writes back exactly the modules that fail,
so a module that passes leaves the list and none joins it unnoticed (`git diff` shows which).
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = re.compile(
    r"(# Modules the checker still faults[^\n]*\n(?:#[^\n]*\n)*module = \[\n)(.*?)"
    r"(\]\nignore_errors = true)",
    re.S,
)


def main() -> int:
    pyproject = ROOT / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    if not LIST.search(text):
        sys.exit("pyproject.toml has no list of faulted modules")
    without = LIST.sub(lambda m: m.group(1) + m.group(3).replace("true", "false"), text)
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as config:
        config.write(without)
    env = {**os.environ, "DEBUG": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", config.name],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    os.unlink(config.name)
    failing = sorted(
        {
            line.split(":", 1)[0].removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            for line in run.stdout.splitlines()
            if ": error:" in line
        }
    )
    body = "".join(f'    "{module}",\n' for module in failing)
    pyproject.write_text(LIST.sub(lambda m: m.group(1) + body + m.group(3), text), encoding="utf-8")
    print(f"{len(failing)} modules still faulted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
