/**
 * Version rollouts of lock keys, backend-neutral: {@link dev.lockkey.rollout.VersionRollout} takes
 * a spec's current and previous version together while servers of both versions run, on any
 * {@link dev.lockkey.lock.LockExecutor}.
 */
package dev.lockkey.rollout;
