#!/usr/bin/env python3
"""Writes the variables.tf of a module stand-in from the real module's
variables.tf at some tags: each variable's name, its type when it is
written on one line, and its default (descriptions and validations are left
out). With several tags (the first and the last a stand-in directory
covers) every variable any of them declares is written, as the last tag
declaring it has it.

usage: model-variables.py GIT_DIR PATH_IN_REPO TAG... > variables.tf
"""
import re
import subprocess
import sys


def blocks(text):
    i = 0
    for m in re.finditer(r'^variable\s+"([^"]+)"\s*\{', text, re.M):
        if m.start() < i:
            continue
        depth, j = 0, m.end() - 1
        while j < len(text):
            c = text[j]
            if c == '{':
                depth += 1
            elif c == '}':
                depth -= 1
                if depth == 0:
                    break
            elif c == '"':
                j += 1
                while j < len(text) and text[j] != '"':
                    if text[j] == '\\':
                        j += 1
                    j += 1
            elif c == '<' and text.startswith('<<', j):
                end = re.compile(r'^\s*' + re.escape(re.match(r'<<-?(\w+)', text[j:]).group(1)) + r'\s*$', re.M)
                e = end.search(text, j)
                j = e.end() if e else len(text)
                continue
            j += 1
        i = j
        yield m.group(1), text[m.end():j]


def attr(body, name):
    """The attribute's expression as written, balanced over lines."""
    m = re.search(r'^\s*' + name + r'\s*=\s*', body, re.M)
    if not m:
        return None
    j, depth, start = m.end(), 0, m.end()
    while j < len(body):
        c = body[j]
        if c in '{[(':
            depth += 1
        elif c in '}])':
            depth -= 1
        elif c == '"':
            j += 1
            while j < len(body) and body[j] != '"':
                if body[j] == '\\':
                    j += 1
                j += 1
        elif c == '\n' and depth == 0:
            break
        j += 1
    return body[start:j].strip()


def render(name, body):
    lines = []
    t = attr(body, 'type')
    if t and '\n' not in t:
        lines.append('  type = ' + t)
    d = attr(body, 'default')
    if d is not None:
        lines.append('  default = ' + d)
    n = attr(body, 'nullable')
    if n is not None:
        lines.append('  nullable = ' + n)
    if lines:
        return 'variable "%s" {\n%s\n}\n' % (name, '\n'.join(lines))
    return 'variable "%s" {}\n' % name


def main():
    git, path, tags = sys.argv[1], sys.argv[2], sys.argv[3:]
    order, out = [], {}
    for tag in tags:
        text = subprocess.run(['git', '--git-dir', git, 'show', tag + ':' + path], capture_output=True, text=True, check=True).stdout
        for name, body in blocks(text):
            if name not in out:
                order.append(name)
            out[name] = render(name, body)
    print('\n'.join(out[n] for n in order), end='')


if __name__ == '__main__':
    main()
