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
package dev.snowflakeid.jdbc;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.persistence.SnowflakeIdAssigner;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

/**
 * Spring Data JDBC callback that assigns the attributes of an aggregate root annotated
 * with {@link GeneratedSnowflakeId} from the application's {@link IdGenerator} when they
 * are {@code null}, {@code 0} or an empty string, before the aggregate is converted for
 * its {@code INSERT}. Spring Data has decided whether the aggregate is new before this
 * callback runs, so a root with a {@code null} id is inserted with the assigned ID.
 * Immutable aggregates (records, withers) are supported: the callback then returns a new
 * instance. Attributes of entities nested in the aggregate are left alone.
 *
 * <p>
 * Runs at order {@value #ORDER}, before callbacks at the default order, so that they see
 * the ID.
 */
public final class SnowflakeIdBeforeConvertCallback implements BeforeConvertCallback<Object>, Ordered {

	/** Order of this callback among entity callbacks. */
	public static final int ORDER = 0;

	private final SnowflakeIdAssigner assigner;

	/**
	 * Creates a callback.
	 * @param mappingContext the mapping context of the aggregates
	 * @param ids the application's ID generator, resolved when first needed
	 */
	public SnowflakeIdBeforeConvertCallback(RelationalMappingContext mappingContext, ObjectProvider<IdGenerator> ids) {
		this(mappingContext, ids, IdFormats.Form.DECIMAL);
	}

	/**
	 * Creates a callback that writes {@code String} attributes in {@code form}.
	 * @param mappingContext the mapping context of the aggregates
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text attributes, from the
	 * {@link dev.snowflakeid.persistence.GeneratedSnowflakeIdForm} bean
	 */
	public SnowflakeIdBeforeConvertCallback(RelationalMappingContext mappingContext, ObjectProvider<IdGenerator> ids,
			IdFormats.Form form) {
		this.assigner = new SnowflakeIdAssigner(mappingContext, ids, form);
	}

	/**
	 * Creates a callback that writes {@code String} attributes in {@code form} and takes
	 * the generators {@link GeneratedSnowflakeId#generator()} names from {@code beans}.
	 * @param mappingContext the mapping context of the aggregates
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text attributes
	 * @param beans where named generators are looked up, by bean name
	 */
	public SnowflakeIdBeforeConvertCallback(RelationalMappingContext mappingContext, ObjectProvider<IdGenerator> ids,
			IdFormats.Form form, BeanFactory beans) {
		this.assigner = new SnowflakeIdAssigner(mappingContext, ids, form, beans);
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public Object onBeforeConvert(Object aggregate) {
		return this.assigner.assign(aggregate);
	}

}
