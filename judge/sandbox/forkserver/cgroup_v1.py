"""cgroup v1 runs: the memory, pids and cpuacct controllers, each in a hierarchy of its own."""

from .cgroups import REUSED_CGROUP_CHARGE, RunCgroups, field_value, write_file


class CgroupsV1(RunCgroups):
    """cgroup v1: the memory, pids and cpuacct controllers, each in its own hierarchy."""

    version = 1
    CONTROLLERS = ("memory", "pids", "cpuacct")
    PIDS = "pids"  # the controller whose folder holds pids.current

    def reset(self):
        """Make reused cgroups count from zero; False when they cannot be reused."""
        if self.pids():
            self.emptied = False
            return False  # a task that did not die with its run (in all three, or none)
        memory = self.path("memory")
        if field_value(self.read_text("memory", "memory.oom_control"), "oom_kill"):
            return False  # a count that cannot be reset
        usage = self.read_text("memory", "memory.usage_in_bytes").strip()
        if not usage.isdigit() or int(usage) > REUSED_CGROUP_CHARGE:
            return False  # e.g. page cache the run read: the next run's peak would include it
        write_file(memory, "memory.max_usage_in_bytes", 0)
        write_file(memory, "memory.failcnt", 0)
        write_file(self.path("cpuacct"), "cpuacct.usage", 0)
        return True

    def set_limits(self, memory_kb, processes):
        memory = self.path("memory")
        # Memory + swap may never be below memory alone: lift it, set memory, then cap it too,
        # so a run cannot swap its way past the limit.
        write_file(memory, "memory.memsw.limit_in_bytes", -1, optional=True)
        write_file(memory, "memory.limit_in_bytes", -1 if memory_kb is None else memory_kb * 1024)
        if memory_kb is not None:
            write_file(memory, "memory.memsw.limit_in_bytes", memory_kb * 1024, optional=True)
        write_file(self.path("pids"), "pids.max", processes)

    def cpu_ns(self):
        text = self.read_text("cpuacct", "cpuacct.usage").strip()
        return int(text) if text.isdigit() else None

    def memory(self):
        """(peak bytes, whether the kernel's OOM killer struck in the run)."""
        peak = self.read_text("memory", "memory.max_usage_in_bytes").strip()
        events = self.read_text("memory", "memory.oom_control")
        if "oom_kill " in events:
            oom = field_value(events, "oom_kill") > 0
        else:  # older kernels count no oom_kill: a failed charge at the limit is the sign then
            oom = self.read_text("memory", "memory.failcnt").strip() not in ("", "0")
        return (int(peak) if peak.isdigit() else 0), oom

    def capped(self):
        """How often the run's memory charge met its cap (the kernel then reclaims, or kills)."""
        failures = self.read_text("memory", "memory.failcnt").strip()
        return int(failures) if failures.isdigit() else 0

    def pids(self):
        return self.read_pids("memory")
