"""cgroup v2 runs: one unified hierarchy, memory.max / memory.peak / memory.events, pids.max,
cpu.stat and cgroup.kill."""

from .cgroups import RunCgroups, field_value, write_file


class CgroupsV2(RunCgroups):
    """cgroup v2: one hierarchy; its parent folder must enable memory and pids for children
    (cgroup.subtree_control). CPU time comes from cpu.stat, which every cgroup has."""

    version = 2
    PIDS = "unified"

    def __init__(self, dirs, owner, lock_folder, kind="r"):
        super().__init__(dirs, owner, lock_folder, kind)
        self.sampled_peak = 0  # max of memory.current, on kernels without memory.peak

    def prepare(self, memory_kb, processes):
        self.sampled_peak = 0
        return super().prepare(memory_kb, processes)

    def reset(self):
        return False  # memory.peak cannot be reset: every run gets a new cgroup

    def set_limits(self, memory_kb, processes):
        path = self.path("unified")
        if memory_kb is not None:
            write_file(path, "memory.max", memory_kb * 1024)
            write_file(path, "memory.swap.max", 0, optional=True)  # no swapping past the cap
            # One OOM kill takes the whole run (Linux 4.19 and later): no half of a process
            # tree left running on after its memory ran out.
            write_file(path, "memory.oom.group", 1, optional=True)
        write_file(path, "pids.max", processes)

    def cpu_ns(self):
        for line in self.read_text("unified", "cpu.stat").splitlines():
            key, _, value = line.partition(" ")
            if key == "usage_usec" and value.strip().isdigit():
                return int(value) * 1000
        return None

    def sample(self):
        current = self.read_text("unified", "memory.current").strip()
        if current.isdigit():
            self.sampled_peak = max(self.sampled_peak, int(current))

    def memory(self):
        self.sample()
        peak = self.read_text("unified", "memory.peak").strip()  # Linux 5.19 and later
        oom = field_value(self.read_text("unified", "memory.events"), "oom_kill") > 0
        return (int(peak) if peak.isdigit() else self.sampled_peak), oom

    def capped(self):
        return field_value(self.read_text("unified", "memory.events"), "max")

    def pids(self):
        return self.read_pids("unified")

    def kill_all(self):
        """cgroup.kill (Linux 5.14 and later) kills the whole cgroup at once, forks and all."""
        if self.emptied:
            return
        try:
            write_file(self.path("unified"), "cgroup.kill", 1)
        except OSError:
            pass  # an older kernel: kill them one by one
        super().kill_all()
