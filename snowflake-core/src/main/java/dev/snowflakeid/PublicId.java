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
package dev.snowflakeid;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code long} or {@code Long} property or parameter whose value is an internal
 * ID that clients must only ever see in its public form: a fixed-length string, encrypted
 * under a configured key, that reveals neither the creation time, the region, the worker
 * nor the order of the ID.
 *
 * <p>
 * With the starter's public-ID support configured ({@code snowflake.public-ids.*}):
 * <ul>
 * <li>Jackson 3 and Jackson 2 write a marked property as its public string and read only
 * that form back; an internal ID sent by a client (a number or a string of digits) is
 * rejected. On {@code List<Long>}, {@code Set<Long>}, {@code Long[]},
 * {@code Map<K, Long>} values and {@code Optional<Long>} the marking applies to the
 * elements.</li>
 * <li>Spring MVC converts a marked {@code @PathVariable} or {@code @RequestParam} from
 * the public form; a string that is not the public form of an ID is answered
 * {@code 404 Not Found}, the same answer as for an ID that names nothing.</li>
 * </ul>
 * A property marked both {@code @PublicId} and {@link SnowflakeId} is treated as public:
 * it is never written in its internal form. Without a configured key ring, writing a
 * marked property fails instead of falling back to the internal form.
 *
 * <p>
 * On a record component the marking reaches the field, the accessor and the canonical
 * constructor's parameter. This annotation carries no behaviour of its own and has no
 * dependencies.
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
		ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface PublicId {

}
