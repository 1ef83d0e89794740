# usage: exec(open('tmp-scratch/rep.py').read()); rep('path', [(old,new),...], imports=['useT'|'t'|...])
import os, re
ROOT='/work/main/'
def rep(path, pairs, imports=()):
    p = ROOT + path
    s = open(p).read()
    for old, new in pairs:
        n = s.count(old)
        if n == 0:
            raise SystemExit(f'{path}: not found: {old[:80]!r}')
        s = s.replace(old, new)
    lines = s.split('\n')
    # insert imports after the last import line
    last = max(i for i, l in enumerate(lines) if l.startswith('import ') or l.startswith("} from '"))
    add = []
    depth = path.count('/') - 2  # renderer/src/x/y.tsx -> relative to src
    for imp in imports:
        if imp == 'useT':
            rel = '../' * (path.count('/') - 2)
            add.append(f"import {{ useT }} from '{rel or './'}ui/i18n.js';")
        elif imp == 'Trans':
            rel = '../' * (path.count('/') - 2)
            add.append(f"import {{ Trans }} from '{rel or './'}ui/i18n.js';")
        elif imp == 't':
            add.append("import { t } from '#shared/i18n/i18n.js';")
        else:
            add.append(imp)
    lines[last+1:last+1] = add
    open(p, 'w').write('\n'.join(lines))
