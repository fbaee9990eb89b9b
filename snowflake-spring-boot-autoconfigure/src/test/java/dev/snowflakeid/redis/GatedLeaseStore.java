package dev.snowflakeid.redis;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.WorkerLeaseStore;

/**
 * Passes every call through to a real store, except that {@link #suspend()} holds callers at the gate
 * until {@link #resume()}: the keeper thread of a paused process, without pausing the test's JVM.
 */
final class GatedLeaseStore implements WorkerLeaseStore {

	private final WorkerLeaseStore delegate;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition opened = this.lock.newCondition();

	private final AtomicInteger renewals = new AtomicInteger();

	private boolean suspended;

	GatedLeaseStore(WorkerLeaseStore delegate) {
		this.delegate = delegate;
	}

	void suspend() {
		this.lock.lock();
		try {
			this.suspended = true;
		}
		finally {
			this.lock.unlock();
		}
	}

	void resume() {
		this.lock.lock();
		try {
			this.suspended = false;
			this.opened.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Renewals that reached the real store. */
	int renewals() {
		return this.renewals.get();
	}

	private void pass() {
		this.lock.lock();
		try {
			while (this.suspended) {
				this.opened.awaitUninterruptibly();
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public LeaseGrant claim(int preferredCode) {
		pass();
		return this.delegate.claim(preferredCode);
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		pass();
		LeaseRenewal renewal = this.delegate.renew(grant);
		this.renewals.incrementAndGet();
		return renewal;
	}

	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
		pass();
		this.delegate.release(grant, lastUsedMillis);
	}

	@Override
	public long availableCodes() {
		return this.delegate.availableCodes();
	}

	@Override
	public String name() {
		return this.delegate.name();
	}

}
