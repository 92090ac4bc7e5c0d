#!/usr/bin/env python3
"""Prints one `run:` step of a GitHub Actions workflow in README.md, so that CI runs it as written.

Usage: .ci/readme-steps.py README.md MARKER STEP [--if]
  MARKER  the HTML comment on the line before the workflow's ```yaml block: <!-- workflow: MARKER -->
  STEP    the step's `name:`; its `run:` (one line, or a `|` block) is printed as a shell script
  --if    print the step's `if:` condition instead

Exits 1 when the marker, the block, the step or what is asked of it is missing, so that a README edit
cannot silently drop what CI runs.
"""
import re
import sys


def fail(message):
    print(f"readme-steps: {message}", file=sys.stderr)
    sys.exit(1)


def block(text, marker):
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if line.strip() == f"<!-- workflow: {marker} -->":
            if index + 1 >= len(lines) or lines[index + 1].strip() != "```yaml":
                fail(f"no ```yaml block right after <!-- workflow: {marker} -->")
            body = []
            for following in lines[index + 2:]:
                if following.strip() == "```":
                    return body
                body.append(following)
            fail(f"the block after <!-- workflow: {marker} --> is not closed")
    fail(f"README has no <!-- workflow: {marker} --> marker")


def step(body, name):
    for index, line in enumerate(body):
        match = re.match(r"^(\s*)-?\s*name:\s*(.+?)\s*$", line)
        if not match or match.group(2) != name:
            continue
        indent = len(line) - len(line.lstrip(" -"))
        script, condition = None, None
        position = index + 1
        while position < len(body):
            current = body[position]
            stripped = current.strip()
            own_indent = len(current) - len(current.lstrip(" "))
            if stripped and own_indent < indent:
                break
            if stripped.startswith("if:"):
                condition = stripped[3:].strip()
            if stripped.startswith("run:"):
                value = stripped[4:].strip()
                if value != "|":
                    script = [value] if value else []
                else:
                    script = []
                    position += 1
                    while position < len(body):
                        line_ = body[position]
                        if line_.strip() and len(line_) - len(line_.lstrip(" ")) <= own_indent:
                            break
                        script.append(line_)
                        position += 1
                    width = min((len(x) - len(x.lstrip(" ")) for x in script if x.strip()), default=0)
                    script = [x[width:] for x in script]
                    continue
            position += 1
        return (None if script is None else "\n".join(script).rstrip() + "\n"), condition
    fail(f"no step named '{name}'")


if len(sys.argv) not in (4, 5) or sys.argv[4:] not in ([], ["--if"]):
    fail("usage: readme-steps.py README.md MARKER STEP [--if]")
with open(sys.argv[1], encoding="utf-8") as readme:
    script, condition = step(block(readme.read(), sys.argv[2]), sys.argv[3])
if sys.argv[4:] == ["--if"]:
    if condition is None:
        fail(f"step '{sys.argv[3]}' has no if:")
    print(condition)
else:
    if script is None:
        fail(f"step '{sys.argv[3]}' has no run:")
    sys.stdout.write(script)
