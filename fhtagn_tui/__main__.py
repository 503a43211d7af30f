from fhtagn_tui.cli import entry

entry()
