# sshd.sh — sourced by the e2e scripts that need ssh hosts (fleet_ssh.sh,
# model_hosts.sh). sshd_start starts a private sshd on 127.0.0.1 with its
# own host key, a free port and a user key of its own, all in $tmp; the
# two "hosts" h1 and h2 are two logins to it (aliases of $tmp/ssh_config,
# whose port is $port). A third, h3, logs in on the next port, where the
# PATH starts with $tmp/fake: a test may put there a `uname` that says
# another machine, or a program the other logins do not have. Where
# sshd, ssh, ssh-keygen, GNU parallel or rsync is missing, or sshd does
# not start, the script exits 77 saying why. The
# caller stops it at the end (sshd_cleanup, in its trap); sshd_h2_drops
# makes h2 a login that drops out in the middle of a job. Uses $name
# (the script's) and $tmp.

# an ssh_config block: logins HOSTS to the sshd's port PORT
ssh_host() {
  cat <<EOF
Host $1
  HostName 127.0.0.1
  Port $2
  User $(id -un)
  IdentityFile $tmp/user_key
  IdentitiesOnly yes
  UserKnownHostsFile $tmp/known_hosts
  StrictHostKeyChecking no
  BatchMode yes
  LogLevel ERROR
EOF
}

sshd_start() {
  sshd=$(command -v sshd || echo /usr/sbin/sshd)
  [ -x "$sshd" ] || { echo "$name: SKIP: no sshd (Debian: openssh-server)"; exit 77; }
  for p in ssh ssh-keygen parallel rsync; do
    command -v $p >/dev/null ||
      { echo "$name: SKIP: no $p (Debian: openssh-client parallel rsync)"; exit 77; }
  done
  ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key" || exit 1
  ssh-keygen -q -t ed25519 -N '' -f "$tmp/user_key" || exit 1
  cp "$tmp/user_key.pub" "$tmp/authorized_keys"
  [ "$(id -u)" = 0 ] && mkdir -p /run/sshd   # its privilege separation folder
  started=
  for try in 1 2 3 4 5; do
    port=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000 ))
    cat > "$tmp/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $tmp/host_key
AuthorizedKeysFile $tmp/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile $tmp/sshd.pid
Port $((port + 1))
Match LocalPort $((port + 1))
  SetEnv PATH=$tmp/fake:/usr/local/bin:/usr/bin:/bin
EOF
    "$sshd" -D -f "$tmp/sshd_config" -E "$tmp/sshd.log" &
    sshd_pid=$!
    { ssh_host "h1 h2" $port; ssh_host h3 $((port + 1)); } > "$tmp/ssh_config"
    i=0
    while [ $i -lt 50 ] && kill -0 "$sshd_pid" 2>/dev/null; do
      ssh -F "$tmp/ssh_config" h1 true 2>/dev/null && { started=1; break; }
      sleep 0.2; i=$((i+1))
    done
    [ -n "$started" ] && break
    kill "$sshd_pid" 2>/dev/null; wait "$sshd_pid" 2>/dev/null; sshd_pid=
  done
  [ -n "$started" ] || { echo "$name: SKIP: sshd does not start here: $(tail -n 1 "$tmp/sshd.log")"; exit 77; }
}

# sshd_h2_drops ROOT FILE: writes $tmp/ssh-h2, the ssh of a login h2
# that drops out in the middle of a job: once $tmp/h2.armed exists, its
# GNU parallel job (the remote wrapper is `perl ... GNU_Parallel_worker`)
# is cut as soon as the job's folder below ROOT (named after the login:
# run-KEY) has FILE (a path pattern under it) made since h2.armed, and
# every later login is refused.
sshd_h2_drops() {
  key=$(printf '%s\n' "$tmp/ssh-h2 h2" | cksum | cut -d' ' -f1)
  cat > "$tmp/ssh-h2" <<EOF
#!/bin/sh
[ -e $tmp/h2.down ] && { echo "ssh: connect to host h2 port $port: Connection refused" >&2; exit 255; }
case "\$*" in
  *GNU_Parallel_worker*)
    [ -e $tmp/h2.armed ] && (
      i=0
      until [ -n "\$(find "$1" -path "*/run-$key/$2" -newer $tmp/h2.armed 2>/dev/null)" ]; do
        [ \$i -lt 600 ] || exit 0
        sleep 0.05; i=\$((i+1))
      done
      touch $tmp/h2.down; kill \$\$ ) & ;;
esac
exec ssh -F $tmp/ssh_config "\$@"
EOF
  chmod +x "$tmp/ssh-h2"
}

# sshd_cleanup ROOT: at the end (the trap), the sshd stopped, the remote
# work folders the test made below ROOT (their ids in $tmp/ids) and $tmp
# removed, unless KEEP is set.
sshd_cleanup() {
  [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null
  [ -n "$KEEP" ] || for id in $(cat "$tmp/ids" 2>/dev/null); do rm -rf "$1/$id"; done
  rmdir "$1" 2>/dev/null
  [ -n "$KEEP" ] && echo "kept $tmp" || rm -rf "$tmp"
}
