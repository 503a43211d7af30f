"""Rules of fhtagn."""
