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
package dev.snowflakeid.lease.tck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import dev.snowflakeid.lease.StaticWorkerLeaseStore;

/**
 * A store built on {@link StaticWorkerLeaseStore} (a code fixed by deployment): every
 * client is a handle opened with {@code share()}, as the application contexts of one JVM
 * open it, and the handles serve one grant at a time, which is what exclusivity means for
 * a fixed code. Across processes the state file's lock refuses a second instance, which
 * the rules in one JVM do not reach.
 */
public final class StaticCodeUnderTest implements LeaseStoreUnderTest {

	/**
	 * What a fixed code cannot do, with the reasons: the declaration of every store built
	 * on the static store.
	 */
	public static final Map<Capability, String> NOT_APPLICABLE = Map.of(Capability.GENERATIONS,
			"a fixed code has one owner and generation 0", Capability.EXPIRY, "a fixed code never lapses",
			Capability.STATE_LOSS, "a lost state file is a first start unless snowflake.worker.state-file-must-exist",
			Capability.STATE_RESTORE, "an older state file cannot be told from the current one");

	private final Supplier<StaticWorkerLeaseStore> handles;

	private final List<StaticWorkerLeaseStore> opened = new ArrayList<>();

	/**
	 * @param handles opens a handle on the code with {@code share()}; each call the same
	 * code, region and state file
	 */
	public StaticCodeUnderTest(Supplier<StaticWorkerLeaseStore> handles) {
		this.handles = handles;
	}

	@Override
	public synchronized StaticWorkerLeaseStore open() {
		StaticWorkerLeaseStore handle = this.handles.get();
		this.opened.add(handle);
		return handle;
	}

	@Override
	public int codes() {
		return 1;
	}

	/** Closes every handle, which releases the state file's lock. */
	@Override
	public synchronized void close() {
		this.opened.forEach(StaticWorkerLeaseStore::close);
	}

}
