"""Feature modules: each defines its events, commands, deciders and evolvers.

Importing this package imports every module in it, so a new feature only
has to be a new module here.
"""

import importlib
import pkgutil

for _mod in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_mod.name}")
