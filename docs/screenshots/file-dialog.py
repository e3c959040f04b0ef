"""The Save dialog at 800x560 in a language, with a Documents folder named in the home's user-dirs.dirs:
    python3 docs/screenshots/file-dialog.py LANG   (writes /tmp/shots/filedialog-LANG.png)"""
import sys,os,time,subprocess
sys.path.insert(0,'/work/main/docs/screenshots'); sys.path.insert(0,'/work/main/scripts')
os.chdir('/work/main')
import importlib; sw=importlib.import_module('small-window')
from xharness import xdotool
orig=sw.game_env
def env(display, home, asset_root=None):
    e=orig(display, home, asset_root)
    os.makedirs(os.path.join(home,'config'),exist_ok=True); os.makedirs(os.path.join(home,'Documents'),exist_ok=True)
    open(os.path.join(home,'config','user-dirs.dirs'),'w').write('XDG_DOCUMENTS_DIR="$HOME/Documents"\n')
    return e
sw.game_env=env
w=sw.Window('target/debug/tengen', sys.argv[1], sw.TWO_PLAYERS)
try:
    w.stone(0,0,1)
    xdotool(w.display,"windowfocus","--sync",w.window); time.sleep(0.3)
    xdotool(w.display,"key","ctrl+s"); time.sleep(2)
    w.shot('/tmp/shots/filedialog-'+sys.argv[1]+'.png')
    print(os.listdir(os.path.join(w.home,'Documents')))
finally:
    w.close()
