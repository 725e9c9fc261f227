"""Discord: the `/rules` slash command answered through an HTTP interactions endpoint."""
