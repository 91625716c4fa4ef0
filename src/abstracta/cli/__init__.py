"""The ``abstracta`` command line."""
