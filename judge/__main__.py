from judge.launch import main

main()
