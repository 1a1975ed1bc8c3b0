/**
 * Leader election on any {@link dev.lockkey.lock.LockExecutor} (Redis, DynamoDB, PostgreSQL):
 * {@link dev.lockkey.leader.Leadership} describes one election (its key, lease and listener),
 * {@link dev.lockkey.leader.Leadership#start start} makes this instance a
 * {@link dev.lockkey.leader.LeaderCandidate}, and each time it wins it holds a
 * {@link dev.lockkey.leader.LeadershipTerm} with the fencing token of its lease, until the
 * {@link dev.lockkey.leader.LeadershipListener listener} hears it revoked.
 */
package dev.lockkey.leader;
