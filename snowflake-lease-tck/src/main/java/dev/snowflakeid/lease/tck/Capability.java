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

/**
 * What a store can do that some rules need. A store that cannot declares it, with the
 * reason, in {@link WorkerLeaseStoreTck#notApplicable()}; the rules that need it are then
 * not generated, and the declaration shows in the test report.
 */
public enum Capability {

	/**
	 * Every claim of a code carries a higher fencing generation than the claims before
	 * it. A static code has one owner for good and generation 0.
	 */
	GENERATIONS,

	/**
	 * A lease lapses when its holder stops renewing it, and another claimant may then
	 * take the code: {@link LeaseStoreUnderTest#expire}. A static code never lapses.
	 */
	EXPIRY,

	/**
	 * The store's state can be lost (a restart without data):
	 * {@link LeaseStoreUnderTest#loseState()}.
	 */
	STATE_LOSS,

	/**
	 * The store's state can be put back from an older copy (a restored snapshot or
	 * backup): {@link LeaseStoreUnderTest#snapshotState()}.
	 */
	STATE_RESTORE

}
