"""Every game's data, and no code: the Clans map and epoch chart (``data/clans``), the Alexandros board
(``data/alexandros``) and the fonts the images use (``data/fonts``).

A package only so that a plain ``pip install .`` ships the files and ``importlib.resources`` finds them,
wherever the project is installed; nothing reads them by a path beside the source.
"""
