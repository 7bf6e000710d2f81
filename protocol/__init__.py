"""deadeye.protocol: the outermost layer: the wire protocol and the command line."""
