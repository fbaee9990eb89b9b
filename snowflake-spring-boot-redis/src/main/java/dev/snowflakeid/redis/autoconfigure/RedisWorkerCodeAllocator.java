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
package dev.snowflakeid.redis.autoconfigure;

import java.time.Duration;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;
import dev.snowflakeid.autoconfigure.StoreTiming;
import dev.snowflakeid.autoconfigure.WorkerCodeAllocator;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.redis.RedisLeaseDefaults;
import dev.snowflakeid.redis.RedisLeaseServerCheck;
import dev.snowflakeid.redis.RedisWorkerLeaseStore;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.util.StringUtils;

/**
 * {@code snowflake.worker.allocator=redis}: codes leased from the lease Redis. Only when
 * selected does it ask for the lease connection (a lazy bean, so it is created, and later
 * destroyed, around the store) and check the server ({@link RedisLeaseServerCheck}).
 */
final class RedisWorkerCodeAllocator implements WorkerCodeAllocator {

	private static final Log logger = LogFactory.getLog(RedisWorkerCodeAllocator.class);

	private final SnowflakeProperties properties;

	private final SnowflakeRedisProperties redis;

	private final ObjectProvider<SnowflakeLayout> layout;

	private final ObjectProvider<SnowflakeLeaseConnection> connection;

	private final ObjectProvider<DataRedisConnectionDetails> applicationRedis;

	RedisWorkerCodeAllocator(SnowflakeProperties properties, SnowflakeRedisProperties redis,
			ObjectProvider<SnowflakeLayout> layout, ObjectProvider<SnowflakeLeaseConnection> connection,
			ObjectProvider<DataRedisConnectionDetails> applicationRedis) {
		this.properties = properties;
		this.redis = redis;
		this.layout = layout;
		this.connection = connection;
		this.applicationRedis = applicationRedis;
	}

	@Override
	public Allocator kind() {
		return Allocator.REDIS;
	}

	/**
	 * The application's Redis (Spring Boot's Redis auto-configuration ran), or a separate
	 * one named by {@code snowflake.worker.redis.*}.
	 */
	@Override
	public boolean isAvailable() {
		return PropertiesLeaseRedisConnectionDetails.isConfigured(this.redis)
				|| this.applicationRedis.getIfAvailable() != null;
	}

	/**
	 * The command timeout, the failover window of the replicas, and the fleet lead limit
	 * of a shared key space.
	 */
	@Override
	public StoreTiming storeTiming() {
		return RedisLeaseTimingRules.storeTiming(this.properties.getWorker().getLease(), this.redis);
	}

	/**
	 * Every application on one Redis database shares the namespace {@code default} unless
	 * one is configured: applications that never configured a namespace can never lease
	 * the same code.
	 */
	@Override
	public RedisWorkerLeaseStore leaseStore(LeaseTiming timing, Duration startupWaitBudget) {
		SnowflakeLeaseConnection connection = this.connection.getObject();
		RedisWorkerLeaseStore store = store(connection, this.properties.getRegion(), timing);
		checkServer(connection, store.leaseKey(0), this.redis.getReplicas(), startupWaitBudget);
		return store;
	}

	/**
	 * The default generator's key prefix and namespace in {@code region}, through the
	 * same lease connection, whose server passed its checks when the default store was
	 * made.
	 */
	@Override
	public RedisWorkerLeaseStore leaseStore(WorkerLeaseStore store, String name, int region, LeaseTiming timing) {
		return store(this.connection.getObject(), region, timing);
	}

	private RedisWorkerLeaseStore store(SnowflakeLeaseConnection connection, int region, LeaseTiming timing) {
		String namespace = StringUtils.hasText(this.redis.getNamespace()) ? this.redis.getNamespace()
				: RedisLeaseDefaults.NAMESPACE;
		return RedisWorkerLeaseStore.builder(connection.factory(), this.layout.getObject())
			.keyPrefix(this.redis.getKeyPrefix())
			.namespace(namespace)
			.region(region)
			.ttl(this.properties.getWorker().getLease().getTtl())
			.timing(timing)
			.commandTimeout(this.redis.getCommandTimeout())
			.replicas(this.redis.getReplicas())
			.maxReplicaLag(this.redis.getMaxReplicaLag())
			.formatCoexistence(this.redis.getFormatCoexistence())
			.build();
	}

	/**
	 * The Redis the lease connection reaches (server and database, Sentinel set-up or
	 * Cluster), and the store's keys.
	 */
	@Override
	public UniquenessDomain domain(WorkerLeaseStore store) {
		RedisWorkerLeaseStore redis = (RedisWorkerLeaseStore) store;
		return this.connection.getObject().endpoint().domain(redis.keyPrefix(), redis.namespace(), redis.region());
	}

	private static void checkServer(SnowflakeLeaseConnection connection, String sampleKey, int replicas,
			Duration waitBudget) {
		LeaseRedisEndpoint endpoint = connection.endpoint();
		for (String warning : new RedisLeaseServerCheck(connection.factory(), endpoint.username(), sampleKey, replicas,
				waitBudget, endpoint.address(), endpoint.addressSettings())
			.verify()) {
			logger.warn("Worker leases (" + connection.endpoint().properties() + ".*): " + warning);
		}
	}

}
