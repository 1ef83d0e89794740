import re, os
for l in ['en','ko']:
    d=f'/work/main/shared/i18n/{l}'
    mods=sorted(f[:-3] for f in os.listdir(d) if f.endswith('.ts') and f!='index.ts')
    imports=[]; names=[]
    for m in mods:
        ex=re.findall(r'^export const (\w+)', open(f'{d}/{m}.ts').read(), re.M)
        imports.append(f"import {{ {', '.join(sorted(ex))} }} from './{m}.js';"); names+=ex
    head='English' if l=='en' else 'Korean'
    tail=' as const' if l=='en' else ''
    body=',\n  '.join(names)
    open(f'{d}/index.ts','w').write(f"// The {head} catalog: one module per part of the app (tmp-scratch-free: list kept by hand).\n"+'\n'.join(imports)+f"\n\nexport const {l} = {{\n  {body},\n}}{tail};\n")
