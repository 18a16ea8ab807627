from judge.daemon.server import main

main()
