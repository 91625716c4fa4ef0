"""The schema's revisions, oldest first: ``0001`` is the schema of the release before migrations."""
