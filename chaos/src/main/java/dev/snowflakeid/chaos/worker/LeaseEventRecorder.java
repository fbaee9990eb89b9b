/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.chaos.worker;

import dev.snowflakeid.chaos.IdLog;
import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseListener;

/**
 * Writes every lease change of the worker into its {@link IdLog}, so the checker can
 * match each ID's worker code and timestamp against a lease the process held. The only
 * class of the campaign that reads the lease API: when that API changes, this is the one
 * place to follow it.
 */
final class LeaseEventRecorder implements WorkerLeaseListener {

	private final IdLog.Writer log;

	LeaseEventRecorder(IdLog.Writer log) {
		this.log = log;
	}

	@Override
	public void onLeaseEvent(LeaseEvent event) {
		WorkerLease lease = event.lease();
		String name = (event.lossReason() != null) ? event.type() + ":" + event.lossReason() : event.type().name();
		if (lease == null) {
			this.log.lease(new IdLog.Lease(name, -1, 0, 0, 0));
		}
		else {
			this.log.lease(new IdLog.Lease(name, lease.workerCode(), lease.generation(), lease.floorMillis(),
					lease.ceilingMillis()));
		}
	}

}
