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
package dev.snowflakeid.r2dbc;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.persistence.SnowflakeIdAssigner;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.data.r2dbc.mapping.R2dbcMappingContext;
import org.springframework.data.r2dbc.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.sql.SqlIdentifier;

/**
 * Spring Data R2DBC callback that assigns the attributes of an entity annotated with
 * {@link GeneratedSnowflakeId} from the application's {@link IdGenerator} when they are
 * {@code null}, {@code 0} or an empty string, before the entity is converted for its
 * {@code INSERT}. A repository's {@code save} has decided whether the entity is new
 * before this callback runs, so an entity with a {@code null} (or, primitive, {@code 0})
 * id is inserted with the assigned ID; values the caller set are kept. Immutable entities
 * (records, withers) are supported: the callback then emits a new instance. Attributes of
 * nested entities are left alone.
 *
 * <p>
 * The ID is taken when the returned publisher is subscribed to. Taking one does not
 * block, except within the generator's own bounded waits (the next tick when a tick's
 * sequence is used up, a small clock-step budget).
 *
 * <p>
 * Runs at order {@value #ORDER}, before callbacks at the default order, so that they see
 * the ID.
 */
public final class SnowflakeIdR2dbcBeforeConvertCallback implements BeforeConvertCallback<Object>, Ordered {

	/** Order of this callback among entity callbacks. */
	public static final int ORDER = 0;

	private final SnowflakeIdAssigner assigner;

	/**
	 * Creates a callback.
	 * @param mappingContext the mapping context of the entities
	 * @param ids the application's ID generator, resolved when first needed
	 */
	public SnowflakeIdR2dbcBeforeConvertCallback(R2dbcMappingContext mappingContext, ObjectProvider<IdGenerator> ids) {
		this(mappingContext, ids, IdFormats.Form.DECIMAL);
	}

	/**
	 * Creates a callback that writes {@code String} attributes in {@code form}.
	 * @param mappingContext the store's mapping context
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text attributes, from the
	 * {@link dev.snowflakeid.persistence.GeneratedSnowflakeIdForm} bean
	 */
	public SnowflakeIdR2dbcBeforeConvertCallback(R2dbcMappingContext mappingContext, ObjectProvider<IdGenerator> ids,
			IdFormats.Form form) {
		this.assigner = new SnowflakeIdAssigner(mappingContext, ids, form);
	}

	/**
	 * Creates a callback that writes {@code String} attributes in {@code form} and takes
	 * the generators that {@code @GeneratedSnowflakeId(generator = ...)} names from
	 * {@code beans}.
	 * @param mappingContext the store's mapping context
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text attributes
	 * @param beans where named generators are looked up, by bean name
	 */
	public SnowflakeIdR2dbcBeforeConvertCallback(R2dbcMappingContext mappingContext, ObjectProvider<IdGenerator> ids,
			IdFormats.Form form, BeanFactory beans) {
		this.assigner = new SnowflakeIdAssigner(mappingContext, ids, form, beans);
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public Publisher<Object> onBeforeConvert(Object entity, SqlIdentifier table) {
		return Mono.fromSupplier(() -> this.assigner.assign(entity));
	}

}
