"""Talking to the user's resident judge (judge.daemon, `judge daemon start`): where it listens
and what goes over its socket, and the `judge` command's first step, which hands it a command.

    place    where its socket is: a folder of the cache folder, the user's alone
    wire     frames of JSON over the socket, the first of a command with its descriptors
    client   hand the command over and wait for its status, or say it was not taken

Imports: the standard library and judge.places only: the client runs before the judge is
imported, on every command. Imported by: judge.launch, judge.daemon, the daemon command.
"""
