"""Runs a command as on a host whose kernel has no IPv6 (booted with ipv6.disable=1, or built without it).

    python3 tests/support/without-ipv6.py nginx -t -c nginx.conf

There, creating an IPv6 socket fails with EAFNOSUPPORT ("Address family not supported by protocol"),
which is what stops an nginx with a `listen [::]:80` from starting. A seccomp filter, which the
command and its children inherit and cannot lift, makes socket(AF_INET6, ...) fail just so; every
other call, IPv4 sockets included, runs as usual. Python's standard library can install one (ctypes
and prctl), so the tests need no compiler. Linux on x86-64 or arm64 only; exits 3 elsewhere.
"""
import ctypes
import errno
import os
import platform
import struct
import sys

# The audit architecture seccomp reports, and socket()'s number there.
ARCHES = {'x86_64': (0xC000003E, 41), 'aarch64': (0xC00000B7, 198)}
if sys.platform != 'linux' or platform.machine() not in ARCHES:
    sys.exit(3)
arch, socket_call = ARCHES[platform.machine()]

# Classic BPF over struct seccomp_data: nr at offset 0, arch at 4, args[0]'s low 32 bits at 16.
LD_ABS, JEQ, RET = 0x20, 0x15, 0x06
ALLOW, ERRNO = 0x7FFF0000, 0x00050000
AF_INET6 = 10


def insn(code, k, jump_true=0, jump_false=0):
    return struct.pack('HBBI', code, jump_true, jump_false, k)


program = b''.join([
    insn(LD_ABS, 4),
    insn(JEQ, arch, 1, 0),
    insn(RET, ALLOW),  # another architecture's call (none on these hosts)
    insn(LD_ABS, 0),
    insn(JEQ, socket_call, 0, 3),
    insn(LD_ABS, 16),
    insn(JEQ, AF_INET6, 0, 1),
    insn(RET, ERRNO | errno.EAFNOSUPPORT),
    insn(RET, ALLOW),
])


class SockFprog(ctypes.Structure):
    _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.c_void_p)]


code = ctypes.create_string_buffer(program)
fprog = SockFprog(len(program) // 8, ctypes.cast(code, ctypes.c_void_p))
libc = ctypes.CDLL(None, use_errno=True)
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
# No new privileges first: without root, the kernel accepts a filter only then.
if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) or libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0):
    sys.exit('without-ipv6: cannot install the filter: ' + os.strerror(ctypes.get_errno()))
os.execvp(sys.argv[1], sys.argv[1:])
