"""One module per subcommand; COMMANDS is what the CLI registers."""

from judge.commands.doctor import doctor
from judge.commands.problems import list_problems, show
from judge.commands.submit import submit

COMMANDS = (submit, list_problems, show, doctor)
