"""What every part of the core shares and that imports nothing else of it: errors, reason codes and the JSON shapes,
the bounded file reader, the memos and the trusted constructors."""
