"""texts/alexandros."""
