import sys

from fhtagn_tui.cli import main

sys.exit(main())
