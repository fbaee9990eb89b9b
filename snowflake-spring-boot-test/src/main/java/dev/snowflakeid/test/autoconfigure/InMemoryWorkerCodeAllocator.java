package dev.snowflakeid.test.autoconfigure;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;
import dev.snowflakeid.autoconfigure.WorkerCodeAllocator;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;

/**
 * {@code snowflake.worker.allocator=in-memory}: a code of this application context's own (or
 * {@code snowflake.worker.code}) held in memory, without a state file; also the default inside a test slice.
 */
final class InMemoryWorkerCodeAllocator implements WorkerCodeAllocator {

	private final SnowflakeProperties properties;

	private final SnowflakeLayout layout;

	private final boolean inTestSlice;

	InMemoryWorkerCodeAllocator(SnowflakeProperties properties, SnowflakeLayout layout, boolean inTestSlice) {
		this.properties = properties;
		this.layout = layout;
		this.inTestSlice = inTestSlice;
	}

	@Override
	public Allocator kind() {
		return Allocator.IN_MEMORY;
	}

	/** In a test slice, which leaves Redis out, when the application chose no allocator. */
	@Override
	public boolean isDefault() {
		return this.inTestSlice;
	}

	@Override
	public StaticWorkerLeaseStore leaseStore() {
		return StaticWorkerLeaseStore.builder(SnowflakeTestAutoConfiguration.code(this.properties, this.layout))
			.region(this.properties.getRegion())
			.ceilingLead(SnowflakeAutoConfiguration.leaseTiming(this.properties).ceilingLead())
			.build();
	}

	@Override
	public UniquenessDomain domain(WorkerLeaseStore store) {
		return ((StaticWorkerLeaseStore) store).domain();
	}

}
