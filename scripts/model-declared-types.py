#!/usr/bin/env python3
"""Writes into a stand-in's variables.tf the object types the real module
declares, as `faultline_declared_type`: the type, as written at TAG, of each
variable whose type holds an object (a multi-line type model-variables.py
leaves out). The stand-in is evaluated without them (its code reads the
inputs as given); faultline reads them only to tell which attributes of an
input Terraform would drop (FL501). Pass the newest tag the stand-in
directory models: earlier tags of it must declare no attribute it lacks
(check with `git diff TAG1 TAG2 -- PATH`).

usage: model-declared-types.py GIT_DIR PATH_IN_REPO TAG STANDIN_VARIABLES_TF
"""
import importlib.util
import os
import re
import subprocess
import sys

spec = importlib.util.spec_from_file_location('mv', os.path.join(os.path.dirname(__file__), 'model-variables.py'))
mv = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mv)


def uncommented(t):
    """The type without its comments (# and // to the end of a line, outside
    strings) and trailing blanks: the types are the module's facts, its
    words stay out."""
    lines = []
    for line in t.split('\n'):
        out, q, i = '', False, 0
        while i < len(line):
            c = line[i]
            if c == '"' and (i == 0 or line[i - 1] != '\\'):
                q = not q
            elif not q and (c == '#' or line.startswith('//', i)):
                break
            out += c
            i += 1
        if out.strip():
            lines.append(out.rstrip())
    return '\n'.join(lines)


def main():
    git, path, tag, target = sys.argv[1:5]
    text = subprocess.run(['git', '--git-dir', git, 'show', tag + ':' + path], capture_output=True, text=True, check=True).stdout
    types = {}
    for name, body in mv.blocks(text):
        t = mv.attr(body, 'type')
        if t and 'object(' in t:
            types[name] = uncommented(t)
    src = open(target).read()
    src = re.sub(r'\n  faultline_declared_type = .*?\n(?=  \w+ =|\})', '\n', src, flags=re.S)

    def add(m):
        name = m.group(1)
        if name not in types:
            return m.group(0)
        return m.group(0) + '  faultline_declared_type = ' + types[name] + '\n'
    src = re.sub(r'^variable "([^"]+)" \{\n', add, src, flags=re.M)
    open(target, 'w').write(src)


if __name__ == '__main__':
    main()
