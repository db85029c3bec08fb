"""The named blocks of a guide: the fenced block after each ``<!-- guide: NAME -->`` mark.

``tests/test_guide.py`` runs docs/deployment.md's own blocks through this, so the test and the
guide cannot drift apart: a block renamed, removed or left unmarked fails the test.

    python tools/guide_blocks.py docs/deployment.md            # the names
    python tools/guide_blocks.py docs/deployment.md env-file   # one block's text
"""

import re
import sys
from pathlib import Path

MARK = re.compile(r"^<!-- guide: (?P<name>[\w.-]+) -->\n```[\w-]*\n(?P<body>.*?)^```$", re.M | re.S)


def guide_blocks(path):
    """``{name: text}`` of every marked block of the markdown file at ``path``, in order."""
    text = Path(path).read_text(encoding="utf-8")
    blocks = {}
    for match in MARK.finditer(text):
        name = match["name"]
        if name in blocks:
            raise ValueError(f"{path}: the block {name!r} is marked twice")
        blocks[name] = match["body"]
    marks = len(re.findall(r"^<!-- guide: ", text, re.M))
    if marks != len(blocks):
        raise ValueError(f"{path}: {marks} marks but {len(blocks)} blocks right after them")
    return blocks


def main(argv):
    blocks = guide_blocks(argv[1])
    if len(argv) == 2:
        print("\n".join(blocks))
    else:
        sys.stdout.write(blocks[argv[2]])


if __name__ == "__main__":
    main(sys.argv)
