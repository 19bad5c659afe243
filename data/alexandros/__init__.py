"""data/alexandros."""
