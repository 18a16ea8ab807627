"""One module per subcommand; COMMANDS is what the CLI registers."""

from judge.commands.answer import answer
from judge.commands.doctor import doctor
from judge.commands.generate import generate
from judge.commands.problems import list_problems, show
from judge.commands.serve import serve, worker
from judge.commands.run import diff, run
from judge.commands.stress import stress
from judge.commands.submit import submit
from judge.commands.user import user
from judge.commands.validate import validate
from judge.commands.verify import verify

COMMANDS = (
    submit,
    run,
    diff,
    list_problems,
    show,
    validate,
    answer,
    generate,
    stress,
    verify,
    doctor,
    serve,
    worker,
    user,
)
