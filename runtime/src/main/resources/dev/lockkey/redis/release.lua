-- Deletes those of the locks that the owner still holds (all KEYS share one hash slot) and, where
-- another executor waits (the contention marker exists), publishes on the lock's release channel. The
-- marker goes with the lock (one DEL reads and clears it): a waiter that fails against the next holder
-- sets it again.
-- The fencing state then lives the fence grace only (not the rest of the lease it was written for),
-- and the releaser key names the owner token for a short while, so that a second run of this very
-- release (a client that timed out sends the command again, and when the node was only slow both
-- copies run) still answers "released" instead of "not held", and a late copy of the owner's
-- acquire takes nothing.
-- KEYS: four per lock: the lock, its contention marker, its fencing state, its releaser key.
-- ARGV[1]: owner token; ARGV[2]: fence grace in ms; ARGV[3]: how long the releaser key lives, in ms;
-- ARGV[4]: '1' to name the owner in the releaser key even where it held nothing (the clean-up after
-- an acquire whose outcome is unknown: a copy of it still on its way must not take the lock), else '0';
-- ARGV[4 + i]: the release channel of lock i.
-- Returns one flag per lock: 1 when the owner held it (now deleted, or deleted by an earlier run of
-- this release), 0 when not (left alone).
local reply = {}
for i = 1, #KEYS, 4 do
  local held = 0
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('DEL', KEYS[i])
    redis.call('PEXPIRE', KEYS[i + 2], ARGV[2])
    redis.call('SET', KEYS[i + 3], ARGV[1], 'PX', ARGV[3])
    if redis.call('DEL', KEYS[i + 1]) == 1 then
      redis.call('PUBLISH', ARGV[(i + 3) / 4 + 4], 'released')
    end
    held = 1
  elseif redis.call('GET', KEYS[i + 3]) == ARGV[1] then
    held = 1
  elseif ARGV[4] == '1' then
    redis.call('SET', KEYS[i + 3], ARGV[1], 'PX', ARGV[3])
  end
  reply[#reply + 1] = held
end
return reply
